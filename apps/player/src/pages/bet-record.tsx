import { List, PullToRefresh, Selector, Tabs, Tag } from 'antd-mobile';
import { PROFIT_PENDING, type OrderRow, type OrderScope, type OrderTab } from '@sum28/contracts';
import { GROUP } from '@sum28/domain';
import { useCallback, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../app/api';
import { formatDate, formatMoney, formatTime } from '../app/format';
import { readPage } from '../app/paged';
import { getUser } from '../app/session';
import { DateRangeFilter } from '../components/DateRangeFilter';
import { Money } from '../components/Money';
import { Page } from '../components/Page';
import { FilterButton, OnPlatformDay, RecordsEnd } from '../components/Records';
import { confirmedFilter, defaultBetFilter, ORDER_TABS, orderListParams, type BetFilter } from '../features/records/bet-filter';
import { betOutcome, betToQuery } from '../features/records/bet-query';
import '../features/games/games.css';

const OUTCOME_COLOUR = { won: 'danger', lost: 'success', pending: 'warning', cancelled: 'default' } as const;

/** Bet record: filter drawer, status tabs, agents' account and subordinate tabs, pull to refresh (spec section 2). */
export default function BetRecordPage(): ReactElement {
  const { t } = useTranslation();
  return <OnPlatformDay title={t('betRecord.title')} render={(today) => <BetRecord today={today} />} />;
}

/** The record itself, once the platform's day is known (the date range is in platform days). */
function BetRecord({ today }: { today: Date }): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isAgent = getUser()?.group_id === GROUP.AGENT;
  const [filter, setFilter] = useState<BetFilter>(() => defaultBetFilter(today));
  const [scope, setScope] = useState<OrderScope>(0);
  const [draft, setDraft] = useState<BetFilter>(filter);
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<OrderRow[]>([]);
  const [hasMore, setHasMore] = useState(true);
  const [failed, setFailed] = useState(false);
  const page = useRef(1);
  const generation = useRef(0);

  const fetchPage = useCallback(
    async (p: number, gen: number): Promise<void> => {
      try {
        const answer = await api.call('orderList', orderListParams(filter, scope, p), { loading: false });
        if (gen !== generation.current) return;
        const { rows: got, atEnd } = readPage(answer);
        page.current = p + 1;
        setRows((r) => (p === 1 ? got : [...r, ...got]));
        setHasMore(!atEnd);
        setFailed(false);
      } catch {
        if (gen === generation.current) {
          setHasMore(false);
          setFailed(true);
        }
      }
    },
    [filter, scope],
  );
  const loadMore = useCallback(() => fetchPage(page.current, generation.current), [fetchPage]);

  const restart = (f: BetFilter, s: OrderScope = scope): void => {
    generation.current++;
    page.current = 1;
    setRows([]);
    setHasMore(true);
    setFailed(false);
    setFilter(f);
    setScope(s);
  };
  /** Pull to refresh: page 1 again, the shown rows stay until it answers. */
  const refresh = async (): Promise<void> => {
    generation.current++;
    page.current = 1;
    await fetchPage(1, generation.current);
  };

  const tabLabel = (tab: OrderTab): string => t(`betRecord.tab${tab}`);
  return (
    <Page
      title={t('betRecord.title')}
      right={
        <FilterButton
          label={t('betRecord.filter')}
          onClick={() => {
            setDraft(filter);
            setOpen(true);
          }}
        />
      }
    >
      {isAgent ? (
        <Tabs activeKey={String(scope)} onChange={(k) => restart(filter, k === '1' ? 1 : 0)} className="record-tabs">
          <Tabs.Tab key="0" title={t('betRecord.scope0')} />
          <Tabs.Tab key="1" title={t('betRecord.scope1')} />
        </Tabs>
      ) : null}
      <Tabs activeKey={String(filter.tab)} onChange={(k) => restart({ ...filter, tab: Number(k) as OrderTab })} className="record-tabs">
        {ORDER_TABS.map((tab) => (
          <Tabs.Tab key={String(tab)} title={tabLabel(tab)} />
        ))}
      </Tabs>
      <div className="muted small pad">
        {formatDate(filter.begin)} – {formatDate(filter.end)} · {tabLabel(filter.tab)}
      </div>
      <PullToRefresh
        onRefresh={refresh}
        pullingText={t('betRecord.pull')}
        canReleaseText={t('betRecord.release')}
        refreshingText={t('common.loading')}
        completeText={t('betRecord.refreshed')}
      >
        {rows.length > 0 ? (
          <List mode="card">
            {rows.map((r) => {
              const outcome = betOutcome(r);
              return (
                <List.Item
                  key={r.id}
                  arrowIcon
                  onClick={() => void navigate(`/betDetail?${betToQuery(r)}`)}
                  description={
                    <>
                      <div>{formatTime(r.createtime)}</div>
                      <div>{t('betRecord.issue', { issue: r.issue })}</div>
                      {scope === 1 ? (
                        <>
                          <div>
                            {r.name} · {r.plan_name} · {r.play_method}
                          </div>
                          <div>{t('betRecord.issueId', { id: r.issue_id })}</div>
                          <div>{t('betRecord.orderNo', { no: r.orderNo })}</div>
                          <div>{t('betRecord.username', { name: r.username })}</div>
                        </>
                      ) : null}
                    </>
                  }
                  extra={
                    <div className="right">
                      <div className="strong">
                        <Money value={r.quantity} />
                      </div>
                      {outcome === 'won' && r.payout !== PROFIT_PENDING ? (
                        <div className="small gain-text">{t('betRecord.payout', { amount: formatMoney(r.payout) })}</div>
                      ) : null}
                      <Tag color={OUTCOME_COLOUR[outcome]} fill="outline">
                        {t(`betRecord.outcome_${outcome}`)}
                      </Tag>
                    </div>
                  }
                >
                  {scope === 1 ? r.username : `${r.name} · ${r.play_method}`}
                </List.Item>
              );
            })}
          </List>
        ) : null}
        <RecordsEnd shown={rows.length} hasMore={hasMore} failed={failed} loadMore={loadMore} onReload={() => restart({ ...filter })} />
      </PullToRefresh>

      <DateRangeFilter
        open={open}
        onClose={() => setOpen(false)}
        labels={{ title: t('betRecord.filter'), dates: t('betRecord.dates'), begin: t('betRecord.begin'), end: t('betRecord.end') }}
        draft={draft}
        setDraft={setDraft}
        today={today}
        onReset={() => setDraft(defaultBetFilter(today))}
        onConfirm={() => restart(confirmedFilter(draft))}
        pickerTitle
      >
        <div className="pad">
          <div className="muted small">{t('betRecord.status')}</div>
          <Selector
            columns={2}
            options={ORDER_TABS.map((tab) => ({ label: tabLabel(tab), value: tab }))}
            value={[draft.tab]}
            onChange={(v) => setDraft((d) => ({ ...d, tab: v[0] ?? ORDER_TABS[0] ?? 0 }))}
          />
        </div>
      </DateRangeFilter>
    </Page>
  );
}
