import { Button, Form, Input, Selector, Toast } from 'antd-mobile';
import { PAY_TYPE, validatePayInfo, WALLET_TYPES } from '@sum28/domain';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../app/api';
import { ruleMessage } from '../app/format';
import { Page } from '../components/Page';

interface WalletForm {
  address: string;
  network: string[];
}

export default function AddVirtualWalletPage(): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const submit = async (v: WalletForm): Promise<void> => {
    const checked = validatePayInfo({ type: PAY_TYPE.WALLET, acc: v.address, accName: v.network[0] ?? '' });
    if (!checked.ok) {
      Toast.show({ icon: 'fail', content: ruleMessage(checked.error, checked.params) });
      return;
    }
    const saved = await api.call('setPayInfo', { type: PAY_TYPE.WALLET, acc: checked.value.acc, acc_name: checked.value.accName }).catch(() => null);
    if (saved === null) return;
    Toast.show({ icon: 'success', content: t('common.setSuccess') });
    void navigate('/bankCardManage?type=1', { replace: true });
  };
  return (
    <Page title={t('card.addWallet')}>
      <Form
        layout="vertical"
        mode="card"
        initialValues={{ network: [WALLET_TYPES[0]] }}
        onFinish={(v: WalletForm) => void submit(v)}
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
    </Page>
  );
}
