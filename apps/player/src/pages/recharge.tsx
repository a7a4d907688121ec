import { Button, Form, Input, Picker, Popup, Result, Selector, Toast } from 'antd-mobile';
import type { RechargeResponse } from '@sum28/contracts';
import { CURRENCIES, minorToMajor, validateRecharge, type Currency } from '@sum28/domain';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../app/api';
import { formatMoney, minorOf } from '../app/format';
import { ruleMessage } from '../app/rule-message';
import { useVisitorAlert } from '../app/hooks';
import { getUser } from '../app/session';
import { CopyButton } from '../components/CopyButton';
import { Page } from '../components/Page';
import { useRechargeQuote } from '../features/recharge/use-recharge-quote';

/** Quick picks of the amount field (major units); a layout choice, not a rule. */
const QUICK = ['100', '500', '1000', '5000', '10000'] as const;

/** Amount, arrival account, currency with the console's rate and the live converted amount (`user/rechargeQuote`), tips, confirm. */
export default function RechargePage(): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isVisitor = useVisitorAlert();
  const user = getUser();
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState<Currency>(CURRENCIES[0]);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [order, setOrder] = useState<RechargeResponse | null>(null);
  // The arrival account is the signed-in player's, whatever a link says (`?username=` is not read).
  const account = user?.username ?? '';
  const typed = minorOf(amount);
  const quote = useRechargeQuote(typed === null ? null : minorToMajor(typed), currency);

  const submit = async (): Promise<void> => {
    if (isVisitor) return;
    const checked = validateRecharge({ amount: amount.trim(), currency, groupId: user?.group_id ?? 1 });
    if (!checked.ok) {
      Toast.show({ icon: 'fail', content: ruleMessage(checked.error, checked.params) });
      return;
    }
    const res = await api
      .call('recharge', { money: minorToMajor(checked.value.amount), type: checked.value.currency, idempotency_key: crypto.randomUUID() })
      .catch(() => null);
    if (res !== null) setOrder(res);
  };

  return (
    <Page title={t('recharge.title')}>
      <Form layout="vertical" mode="card">
        <Form.Item label={t('recharge.account')}>
          <span className="strong">{account}</span>
        </Form.Item>
        <Form.Item label={t('recharge.amount')}>
          <Input
            value={amount}
            onChange={setAmount}
            inputMode="decimal"
            placeholder={t('recharge.amountPlaceholder')}
            aria-label={t('recharge.amount')}
            clearable
          />
        </Form.Item>
        <div className="quick">
          <Selector columns={5} options={QUICK.map((q) => ({ label: q, value: q }))} value={[amount]} onChange={(v) => setAmount(v[0] ?? '')} />
        </div>
        <Form.Item label={t('recharge.currency')} onClick={() => setPickerOpen(true)} arrowIcon>
          <span>{currency}</span>
        </Form.Item>
        <Form.Item label={t('recharge.rate')}>
          <span className="money">{quote !== null && quote.type === currency ? `1 ${currency} = ${quote.rate}` : '--'}</span>
        </Form.Item>
        <Form.Item label={t('recharge.credited')}>
          <span className="money strong" aria-live="polite">
            {quote !== null && quote.type === currency ? formatMoney(quote.credited) : '--'}
          </span>
        </Form.Item>
      </Form>
      <Picker
        columns={[CURRENCIES.map((c) => ({ label: c, value: c }))]}
        visible={pickerOpen}
        value={[currency]}
        onClose={() => setPickerOpen(false)}
        onConfirm={(v) => setCurrency((v[0] as Currency | undefined) ?? CURRENCIES[0])}
      />
      <section className="card tips">
        <h2 className="section__title">{t('recharge.tipsTitle')}</h2>
        <ol>
          <li>{t('recharge.tip1')}</li>
          <li>{t('recharge.tip2')}</li>
          <li>{t('recharge.tip3')}</li>
          <li>{t('recharge.tip4')}</li>
          <li>{t('recharge.tip5')}</li>
        </ol>
      </section>
      <div className="pad">
        <Button block color="primary" size="large" onClick={() => void submit()}>
          {t('recharge.submit')}
        </Button>
      </div>
      <Popup visible={order !== null} bodyClassName="sheet">
        <Result status="waiting" title={t('recharge.submitted')} description={t('recharge.orderHint')} />
        {order !== null ? (
          <div className="card muted small">
            <div>{t('capital.paidIn', { amount: formatMoney(order.money), currency: order.type, rate: order.rate })}</div>
            <div>
              {t('recharge.credited')}: <span className="money">{formatMoney(order.credited)}</span>
            </div>
          </div>
        ) : null}
        <div className="row-between card">
          <span>
            {t('recharge.orderNo')}: <strong className="money">{order?.order_no}</strong>
          </span>
          <CopyButton text={order?.order_no ?? ''} what={t('recharge.orderNo')} />
        </div>
        <Button block color="primary" size="large" onClick={() => void navigate('/capitalDetail', { replace: true })}>
          {t('capital.title')}
        </Button>
      </Popup>
    </Page>
  );
}
