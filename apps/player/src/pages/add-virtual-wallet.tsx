import { Button, Form, Input, Selector, Toast } from 'antd-mobile';
import { PAY_TYPE, validatePayInfo, WALLET_TYPES } from '@sum28/domain';
import { useCallback, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ruleMessage } from '../app/rule-message';
import { Page } from '../components/Page';
import { useSavePayInfo } from '../features/pay-info/use-save-pay-info';

interface WalletForm {
  address: string;
  network: string[];
}

export default function AddVirtualWalletPage(): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { save, sheet } = useSavePayInfo(
    useCallback(() => {
      Toast.show({ icon: 'success', content: t('common.setSuccess') });
      void navigate('/bankCardManage?type=1', { replace: true });
    }, [navigate, t]),
  );
  const submit = (v: WalletForm): void => {
    const checked = validatePayInfo({ type: PAY_TYPE.WALLET, acc: v.address, accName: v.network[0] ?? '' });
    if (!checked.ok) {
      Toast.show({ icon: 'fail', content: ruleMessage(checked.error, checked.params) });
      return;
    }
    save({ type: PAY_TYPE.WALLET, acc: checked.value.acc, acc_name: checked.value.accName });
  };
  return (
    <Page title={t('card.addWallet')}>
      <Form
        layout="vertical"
        mode="card"
        initialValues={{ network: [WALLET_TYPES[0]] }}
        onFinish={(v: WalletForm) => submit(v)}
        footer={
          <Button block type="submit" color="primary" size="large">
            {t('common.confirm')}
          </Button>
        }
      >
        <Form.Item name="address" label={t('card.address')} rules={[{ required: true, message: t('card.addressRequired') }]}>
          <Input placeholder={t('card.addressPlaceholder')} autoComplete="off" clearable />
        </Form.Item>
        <Form.Item name="network" label={t('card.network')} rules={[{ required: true, message: t('card.networkRequired') }]}>
          <Selector options={WALLET_TYPES.map((w) => ({ label: `USDT-${w.toUpperCase()}`, value: w }))} />
        </Form.Item>
      </Form>
      {sheet}
    </Page>
  );
}
