import { Button, Form, Input, Popup, Result, Skeleton, Toast } from 'antd-mobile';
import type { PayInfoItem } from '@sum28/contracts';
import { minorToMajor, PAY_TYPE } from '@sum28/domain';
import { useCallback, useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../app/api';
import { ruleMessage } from '../app/rule-message';
import { useApi, useUser, useVisitorAlert } from '../app/hooks';
import { getUser } from '../app/session';
import { LoadError } from '../components/EmptyState';
import { FrozenBanner } from '../components/FrozenBanner';
import { Money } from '../components/Money';
import { Page } from '../components/Page';
import { BankCardFace, WalletCardFace } from '../components/PayCard';
import { TurnoverBar } from '../components/TurnoverBar';
import { SecurityKeypad } from '../features/keypad/SecurityKeypad';
import { checkWithdraw } from '../features/withdraw/check-withdraw';

/** The first USDT wallet, else the first bank card (items without `acc_bank` are wallets). */
function defaultPayType(list: readonly PayInfoItem[]): number {
  return list.some((p) => p.acc_bank === null) ? PAY_TYPE.WALLET : PAY_TYPE.BANK_CARD;
}

export default function WithdrawPage(): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isVisitor = useVisitorAlert();
  const info = useApi('withdrawInfo');
  const { user } = useUser();
  const [amount, setAmount] = useState('');
  const [payType, setPayType] = useState<number | null>(null);
  const [keypadOpen, setKeypadOpen] = useState(false);
  const [resetKey, setResetKey] = useState(0);
  const [amountMinor, setAmountMinor] = useState(0);
  const [done, setDone] = useState(false);
  const data = info.data;
  const payOptions = useMemo(
    () =>
      (data?.pay_list ?? []).map((p) => ({
        value: p.acc_bank === null ? PAY_TYPE.WALLET : PAY_TYPE.BANK_CARD,
        face:
          p.acc_bank === null ? (
            <WalletCardFace network={p.acc_name} address={p.acc} compact />
          ) : (
            <BankCardFace bank={p.acc_bank} holder={p.acc} number={p.acc_name} compact />
          ),
      })),
    [data],
  );
  const chosen = payType ?? (data ? defaultPayType(data.pay_list) : PAY_TYPE.BANK_CARD);

  const submit = (): void => {
    if (data === undefined || isVisitor) return;
    const check = checkWithdraw(data, amount, getUser()?.group_id);
    if (check.kind === 'bindCard') {
      Toast.show({ content: t('withdraw.bindFirst') });
      void navigate('/bankCardManage?type=0');
    } else if (check.kind === 'setSecurityCode') {
      Toast.show({ content: ruleMessage('SECURITY_CODE_NOT_SET') });
      void navigate('/setSecurityCode?isTrue=0');
    } else if (check.kind === 'reject') {
      Toast.show({ icon: 'fail', content: ruleMessage(check.error, check.params) });
    } else {
      setAmountMinor(check.amountMinor);
      setResetKey((k) => k + 1);
      setKeypadOpen(true);
    }
  };

  const send = useCallback(
    (code: string) => {
      api
        .call('withdrawAction', {
          type: chosen === PAY_TYPE.WALLET ? PAY_TYPE.WALLET : PAY_TYPE.BANK_CARD,
          money: minorToMajor(amountMinor),
          securityCode: code,
          idempotency_key: crypto.randomUUID(),
        })
        .then(() => {
          setKeypadOpen(false);
          setDone(true);
        })
        .catch(() => setResetKey((k) => k + 1));
    },
    [amountMinor, chosen],
  );

  return (
    <Page title={t('withdraw.title')}>
      <FrozenBanner user={user} />
      {info.loading && data === undefined ? (
        <Skeleton.Paragraph animated className="pad" />
      ) : info.error !== null || data === undefined ? (
        <LoadError message={info.error ?? ''} onRetry={info.reload} />
      ) : (
        <>
          <section className="card">
            <div className="row-between">
              <div>
                <div className="muted small">{t('wallet.available')}</div>
                <Money value={data.money} className="big-number" />
              </div>
              <div className="right">
                <div className="muted small">{t('wallet.frozen')}</div>
                <Money value={data.lock_money} className="big-number" />
              </div>
            </div>
            <TurnoverBar turnover={data.turnover} />
          </section>
          <Form layout="vertical" mode="card">
            <Form.Item label={t('withdraw.method')}>
              {payOptions.length > 0 ? (
                <div className="pay-pick" role="radiogroup" aria-label={t('withdraw.method')}>
                  {payOptions.map((o) => (
                    <button
                      key={o.value}
                      type="button"
                      role="radio"
                      aria-checked={o.value === chosen}
                      className={o.value === chosen ? 'pay-pick__item pay-pick__item--chosen' : 'pay-pick__item'}
                      onClick={() => setPayType(o.value)}
                    >
                      {o.face}
                    </button>
                  ))}
                </div>
              ) : (
                <Button onClick={() => void navigate('/bankCardManage?type=0')}>{t('card.addCard')}</Button>
              )}
            </Form.Item>
            <Form.Item label={t('withdraw.amount')}>
              <Input
                value={amount}
                onChange={setAmount}
                inputMode="decimal"
                placeholder={t('withdraw.amountPlaceholder')}
                aria-label={t('withdraw.amount')}
                clearable
              />
            </Form.Item>
          </Form>
          <p className="pad muted small">{t('withdraw.tips')}</p>
          <div className="pad">
            <Button block color="primary" size="large" onClick={submit}>
              {t('withdraw.submit')}
            </Button>
          </div>
        </>
      )}
      <Popup visible={keypadOpen} onMaskClick={() => setKeypadOpen(false)} bodyClassName="sheet" aria-label={t('withdraw.enterCode')}>
        <h2 className="sheet__title">{t('withdraw.enterCode')}</h2>
        <p className="center">
          {t('withdraw.amount')}: <Money value={minorToMajor(amountMinor)} />
        </p>
        <SecurityKeypad label={t('security.title')} onComplete={send} resetKey={resetKey} />
      </Popup>
      <Popup visible={done} bodyClassName="sheet">
        <Result status="success" title={t('withdraw.successTitle')} description={t('withdraw.successText')} />
        <Button block color="primary" size="large" onClick={() => void navigate('/capitalDetail', { replace: true })}>
          {t('capital.title')}
        </Button>
      </Popup>
    </Page>
  );
}
