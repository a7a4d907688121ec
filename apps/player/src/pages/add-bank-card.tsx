import { Button, Form, Input, Toast } from 'antd-mobile';
import { PAY_TYPE, validatePayInfo } from '@sum28/domain';
import { useCallback, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ruleMessage } from '../app/rule-message';
import { Page } from '../components/Page';
import { useSavePayInfo } from '../features/pay-info/use-save-pay-info';

interface CardForm {
  holder: string;
  number: string;
  bank: string;
}

export default function AddBankCardPage(): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { save, sheet } = useSavePayInfo(
    useCallback(() => {
      Toast.show({ icon: 'success', content: t('common.setSuccess') });
      void navigate('/bankCardManage?type=0', { replace: true });
    }, [navigate, t]),
  );
  const submit = (v: CardForm): void => {
    const checked = validatePayInfo({ type: PAY_TYPE.BANK_CARD, acc: v.holder, accName: v.number, accBank: v.bank });
    if (!checked.ok) {
      Toast.show({ icon: 'fail', content: ruleMessage(checked.error, checked.params) });
      return;
    }
    save({ type: PAY_TYPE.BANK_CARD, acc: checked.value.acc, acc_name: checked.value.accName, acc_bank: checked.value.accBank });
  };
  return (
    <Page title={t('card.addCard')}>
      <Form
        layout="horizontal"
        mode="card"
        onFinish={(v: CardForm) => submit(v)}
        footer={
          <Button block type="submit" color="primary" size="large">
            {t('common.confirm')}
          </Button>
        }
      >
        <Form.Item name="holder" label={t('card.holder')} rules={[{ required: true, message: t('card.holderRequired') }]}>
          <Input placeholder={t('card.holderPlaceholder')} autoComplete="cc-name" clearable />
        </Form.Item>
        <Form.Item
          name="number"
          label={t('card.number')}
          rules={[{ required: true, message: t('card.numberRequired') }]}
          // Digits only, as typed: a letter never reaches the field (nor the server's refusal).
          normalize={(v: unknown) => (typeof v === 'string' ? v.replace(/[^0-9]/g, '') : v)}
        >
          <Input placeholder={t('card.numberPlaceholder')} inputMode="numeric" autoComplete="cc-number" clearable />
        </Form.Item>
        <Form.Item name="bank" label={t('card.bank')} rules={[{ required: true, message: t('card.bankRequired') }]}>
          <Input placeholder={t('card.bankPlaceholder')} clearable />
        </Form.Item>
      </Form>
      {sheet}
    </Page>
  );
}
