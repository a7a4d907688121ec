import { Button, List, Popup, Selector, Tag } from 'antd-mobile';
import { capitalMarkView, type CapitalLogRow, type CapitalLogType } from '@sum28/contracts';
import { AUDIT_STATUS, CAPITAL_TYPE, CAPITAL_TYPES, capitalDirection, HISTORY_PAGE_SIZE } from '@sum28/domain';
import { useCallback, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../app/api';
import { formatDate, formatMoney, formatTime } from '../app/format';
import { readPage } from '../app/paged';
import { CopyButton } from '../components/CopyButton';
import { DateRangeFilter, HISTORY_START } from '../components/DateRangeFilter';
import { Money } from '../components/Money';
import { Page } from '../components/Page';
import { FilterButton, OnPlatformDay, RecordsEnd } from '../components/Records';
import { confirmedFilter, lastThirtyDays } from '../features/records/bet-filter';
import { WithdrawTimeline } from '../features/withdraw/WithdrawTimeline';

const STATUS_COLOUR = { [AUDIT_STATUS.PENDING]: 'warning', [AUDIT_STATUS.APPROVED]: 'success', [AUDIT_STATUS.REJECTED]: 'danger' } as const;

interface Filter {
  begin: Date;
  end: Date;
  type: CapitalLogType | null;
}

/** Capital detail, once the platform's day is known (the date range is in platform days). */
export default function CapitalDetailPage(): ReactElement {
  const { t } = useTranslation();
  return <OnPlatformDay title={t('capital.title')} render={(today) => <CapitalDetail today={today} />} />;
}

function CapitalDetail({ today }: { today: Date }): ReactElement {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>({ ...lastThirtyDays(today), type: null });
  const [draft, setDraft] = useState<Filter>(filter);
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<CapitalLogRow | null>(null);
  const [rows, setRows] = useState<CapitalLogRow[]>([]);
  const [hasMore, setHasMore] = useState(true);
  const [failed, setFailed] = useState(false);
  const page = useRef(1);
  const generation = useRef(0);

  const loadMore = useCallback(async (): Promise<void> => {
    const gen = generation.current;
    const p = page.current;
    try {
      const answer = await api.call(
        'quantityLogList',
        {
          begin_date: formatDate(filter.begin),
          end_date: formatDate(filter.end),
          page: p,
          pageSize: HISTORY_PAGE_SIZE,
          ...(filter.type !== null ? { type: filter.type } : {}),
        },
        { loading: false },
      );
      if (gen !== generation.current) return;
      const { rows: got, atEnd } = readPage(answer);
      page.current = p + 1;
      setRows((r) => [...r, ...got]);
      setHasMore(!atEnd);
      setFailed(false);
    } catch {
      if (gen === generation.current) {
        setHasMore(false);
        setFailed(true);
      }
    }
  }, [filter]);

  const restart = (f: Filter): void => {
    generation.current++;
    page.current = 1;
    setRows([]);
    setHasMore(true);
    setFailed(false);
    setFilter(f);
  };

  const typeLabel = (type: number): string => t(`capital.type${type}`);
  /**
   * A row's marker in the player's words: the server's names ('stake', 'payout', 'refund') translated, a recharge's
   * order number and a staff member's note under a label, an unknown marker not at all (never shown raw).
   */
  const markText = (mark: string): string | null => {
    const v = capitalMarkView(mark);
    if (v === null) return null;
    if (v.kind === 'bet') return t(`capital.mark_${v.mark}`);
    return v.kind === 'order' ? t('capital.mark_order', { no: v.orderNo }) : t('capital.mark_note', { text: v.text });
  };
  return (
    <Page
      title={t('capital.title')}
      right={
        <FilterButton
          label={t('capital.filter')}
          onClick={() => {
            setDraft(filter);
            setOpen(true);
          }}
        />
      }
    >
      <div className="muted small pad">
        {formatDate(filter.begin)} – {formatDate(filter.end)} · {filter.type === null ? t('capital.all') : typeLabel(filter.type)}
      </div>
      {rows.length > 0 ? (
        <List mode="card">
          {rows.map((r) => (
            <List.Item
              key={r.id}
              description={
                <>
                  <div>{formatTime(r.createtime)}</div>
                  <div>
                    {t('capital.balanceAfter')}: <Money value={r.over} />
                  </div>
                  {r.currency !== undefined && r.currency_quantity !== undefined ? (
                    <div>{t('capital.paidIn', { amount: formatMoney(r.currency_quantity), currency: r.currency, rate: r.rate ?? '' })}</div>
                  ) : null}
                  {r.mark !== r.order_no && markText(r.mark) !== null ? <div>{markText(r.mark)}</div> : null}
                  {r.order_no !== null || r.issue !== null ? (
                    <div className="small">
                      {[r.order_no !== null ? t('capital.orderNo', { no: r.order_no }) : null, r.issue !== null ? t('capital.round', { issue: r.issue }) : null]
                        .filter((x) => x !== null)
                        .join(' · ')}
                    </div>
                  ) : null}
                </>
              }
              {...(r.type === CAPITAL_TYPE.WITHDRAW ? { onClick: () => setShown(r), arrowIcon: true } : {})}
              extra={
                <div className="right">
                  <div className={`strong money ${capitalDirection(r.type) === 'in' ? 'gain-text' : 'loss-text'}`}>
                    <span className="sr-only">{t(capitalDirection(r.type) === 'in' ? 'capital.moneyIn' : 'capital.moneyOut')} </span>
                    {capitalDirection(r.type) === 'in' ? '+' : '−'}
                    {formatMoney(r.quantity)}
                  </div>
                  <Tag color={STATUS_COLOUR[r.status]} fill="outline">
                    {t(`capital.status${r.status}`)}
                  </Tag>
                </div>
              }
            >
              {typeLabel(r.type)}
            </List.Item>
          ))}
        </List>
      ) : null}
      <Popup visible={shown !== null} onMaskClick={() => setShown(null)} onClose={() => setShown(null)} bodyStyle={{ borderRadius: '12px 12px 0 0' }}>
        {shown !== null ? (
          <div className="pad" role="dialog" aria-label={t('capital.detailTitle')}>
            <h2 className="strong">{t('capital.detailTitle')}</h2>
            <List>
              <List.Item extra={<span className="money">−{formatMoney(shown.quantity)}</span>}>{t('capital.amount')}</List.Item>
              {shown.order_no !== null ? (
                <List.Item
                  extra={
                    <span className="copy-row">
                      <span className="break">{shown.order_no}</span>
                      <CopyButton text={shown.order_no} what={t('betDetail.orderNo')} />
                    </span>
                  }
                >
                  {t('betDetail.orderNo')}
                </List.Item>
              ) : null}
              {shown.pay_account !== null ? <List.Item extra={shown.pay_account}>{t('capital.account')}</List.Item> : null}
            </List>
            <div className="muted small pad">{t('capital.progress')}</div>
            <WithdrawTimeline row={shown} />
            <Button block onClick={() => setShown(null)}>
              {t('capital.close')}
            </Button>
          </div>
        ) : null}
      </Popup>
      <RecordsEnd shown={rows.length} hasMore={hasMore} failed={failed} loadMore={loadMore} onReload={() => restart({ ...filter })} />

      <DateRangeFilter
        open={open}
        onClose={() => setOpen(false)}
        labels={{ title: t('capital.filter'), dates: t('capital.dates'), begin: t('capital.begin'), end: t('capital.end') }}
        draft={draft}
        setDraft={setDraft}
        today={today}
        onReset={() => setDraft({ ...draft, type: null, begin: HISTORY_START, end: today })}
        onConfirm={() => restart(confirmedFilter(draft))}
      >
        <div className="pad">
          <div className="muted small">{t('capital.typeLabel')}</div>
          <Selector
            columns={3}
            options={[{ label: t('capital.all'), value: -1 }, ...CAPITAL_TYPES.map((c) => ({ label: typeLabel(c), value: c }))]}
            value={[draft.type ?? -1]}
            onChange={(v) => setDraft((d) => ({ ...d, type: v[0] === undefined || v[0] === -1 ? null : (v[0] as CapitalLogType) }))}
          />
        </div>
      </DateRangeFilter>
    </Page>
  );
}
