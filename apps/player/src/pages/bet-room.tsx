import { ORDER_TAB, type FeedMessage, type HeartResponse, type IssueRow, type LastIssue } from '@sum28/contracts';
import {
  checkBetSlip,
  countdownPhase,
  DEFAULT_OPPOSITE_BET_POLICY,
  HISTORY_FIRST_DAY,
  HISTORY_MAX_PAGE_SIZE,
  isHit,
  isPlayType,
  RECONNECT_AFTER_FAILED_BEATS,
  WIN_POPUP_MS,
  type HeldBet,
} from '@sum28/domain';
import { ActionSheet, Dialog, NoticeBar, Toast } from 'antd-mobile';
import { MoreOutline } from 'antd-mobile-icons';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../app/api';
import { ApiError } from '../app/api-client';
import { formatMoney, minorOf } from '../app/format';
import { localDateOf } from '../app/platform-day';
import { ruleMessage } from '../app/rule-message';
import { useApi, useOnline, useUser, useVisitorAlert } from '../app/hooks';
import { EmptyState, LoadError } from '../components/EmptyState';
import { Money } from '../components/Money';
import { Page } from '../components/Page';
import { BetPanel } from '../features/bet-room/BetPanel';
import { Countdown } from '../features/bet-room/Countdown';
import { forgetBetsBefore, newlyDrawn, seenAfter, type SeenLastIssue } from '../features/bet-room/drawn-round';
import { isBlockingError, PendingKeys, placeSlip, type SlipOutcome } from '../features/bet-room/place-slip';
import { usePoller } from '../features/bet-room/poller';
import { orderListParams } from '../features/records/bet-filter';
import { FairnessChip, LastResult } from '../features/bet-room/LastResult';
import { RoundResult, roundResultTitle } from '../features/bet-room/RoundResult';
import './bet-room.css';

/** The feed keeps the latest entries only, so a long stay in the room does not grow the page. */
const FEED_MAX = 30;
const toMinor = (major: number): number => (major > 0 ? (minorOf(major) ?? 0) : 0);

/** The player's bets in one round, by order id. */
interface HeldRound {
  issue: string;
  bets: ReadonlyMap<number, HeldBet>;
}

/** `h` with `bets` of round `issue` added (a new round starts empty; the same order counted once). */
function withHeld(h: HeldRound, issue: string, bets: ReadonlyArray<HeldBet & { id: number }>): HeldRound {
  const next = new Map(h.issue === issue ? h.bets : []);
  for (const { id, playType, stake } of bets) next.set(id, { playType, stake });
  return { issue, bets: next };
}

interface Clock {
  /** Local time (ms) when the heartbeat that answered was sent (the server counted its seconds after that). */
  at: number;
  heart: HeartResponse;
}

function FeedRow({ m, onFollow, canFollow }: { m: FeedMessage; onFollow: (m: FeedMessage) => void; canFollow: boolean }): ReactElement {
  const { t } = useTranslation();
  return (
    <li className={m.is_self ? 'feed__row feed__row--self' : 'feed__row'}>
      <div className="feed__who small">
        <strong>{m.is_self ? t('betRoom.you') : m.nickname}</strong> <span className="muted">{t('betRoom.round', { issue: m.issue })}</span>
      </div>
      <div className="feed__bet">
        <span className="tag">{m.play_method}</span> <Money value={m.quantity} />
        {!m.is_self ? (
          <button
            type="button"
            className="chip-button feed__follow"
            disabled={!canFollow}
            onClick={() => onFollow(m)}
            aria-label={t('betRoom.followLabel', { name: m.nickname, method: m.play_method })}
          >
            {t('betRoom.follow')}
          </button>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The bet room (`/betRoom?id&game_id&name&title`, spec sections 2 and 4): countdown and round states, last result
 * with recent results, the open round's published hash, the live feed with follow, the bet panel, the win popup,
 * the blocked state and the top-right menu. Heartbeat and win check poll every 2 s, one request in flight each,
 * paused while the page is hidden.
 */
export default function BetRoomPage(): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const planId = Number(params.get('id'));
  const gameId = Number(params.get('game_id'));
  const name = params.get('name') ?? '';
  const title = params.get('title') ?? '';
  const valid = Number.isSafeInteger(planId) && planId > 0 && Number.isSafeInteger(gameId) && gameId > 0;
  const isVisitor = useVisitorAlert();
  const { user } = useUser();

  const odds = useApi('oddsList', { plan_id: planId });
  /** The room's category names for the win popup (read when it opens, not a dependency of the poll). */
  const oddsData = useRef(odds.data);
  oddsData.current = odds.data;
  const [beat, setBeat] = useState<Clock | null>(null);
  const [heartError, setHeartError] = useState(false);
  /** Heartbeats that failed in a row (any failure: the server down, the network gone, a timeout). */
  const [failedBeats, setFailedBeats] = useState(0);
  const online = useOnline();
  const [feed, setFeed] = useState<FeedMessage[]>([]);
  const sinceId = useRef<number | undefined>(undefined);
  const [moneyOverride, setMoneyOverride] = useState<{ money: number; at: number } | null>(null);
  const [recent, setRecent] = useState<IssueRow[]>([]);
  const [finishedAt, setFinishedAt] = useState<number | null>(null);
  const [blocked, setBlocked] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const lastSeenIssue = useRef<SeenLastIssue>(undefined);
  const myBets = useRef(new Map<string, string[]>());
  /**
   * The player's bets in the open round by order id, with their stakes: those the server holds (read as the confirm
   * dialog opens, so bets placed before the room was opened or from another room count) and those placed from this
   * screen. Nothing renders them: the confirm dialog warns before a bet the opposite-bet rule would refuse.
   */
  const held = useRef<HeldRound>({ issue: '', bets: new Map() });
  const config = useApi('config');
  const policy = config.data?.game.opposite_bet_policy ?? DEFAULT_OPPOSITE_BET_POLICY;
  const popupOpen = useRef(false);
  /** A loss to tell once the popup on screen closes (a win of an earlier round and a loss can come together). */
  const lossAfterPopup = useRef<LastIssue | null>(null);
  const popupClosed = useRef<() => void>(() => undefined);
  const followKeys = useRef(new PendingKeys());

  useEffect(() => {
    if (user?.is_frozen === true) setBlocked(true);
  }, [user?.is_frozen]);

  const loadRecent = useCallback(() => {
    if (!valid) return;
    api
      .call('issueList', { game_id: gameId, limit: 6 }, { silent: true })
      .then((rows) => setRecent(rows.filter((r) => r.state === 'drawn').slice(1, 5)))
      .catch(() => undefined);
  }, [gameId, valid]);

  /** Tells a loss (the popup closes by itself after WIN_POPUP_MS); a popup that closes calls `popupClosed`. */
  const openLoss = useCallback(
    (last: LastIssue) => {
      popupOpen.current = true;
      const handler = Dialog.show({
        title: t('betRoom.lossTitle'),
        content: t('betRoom.lossText', { issue: last.issue, a: last.site_1, b: last.site_2, c: last.site_3, sum: last.code }),
        closeOnMaskClick: true,
        closeOnAction: true,
        actions: [{ key: 'ok', text: t('common.ok') }],
        afterClose: () => popupClosed.current(),
      });
      setTimeout(() => handler.close(), WIN_POPUP_MS);
    },
    [t],
  );

  useEffect(() => {
    // One popup at a time: a loss that came while another popup was open is told when that one closes.
    popupClosed.current = () => {
      popupOpen.current = false;
      const next = lossAfterPopup.current;
      lossAfterPopup.current = null;
      if (next !== null) openLoss(next);
    };
  }, [openLoss]);

  const showLoss = useCallback(
    (last: LastIssue) => {
      forgetBetsBefore(myBets.current, last.issue);
      const bets = myBets.current.get(last.issue);
      if (bets === undefined) return;
      myBets.current.delete(last.issue);
      // Wins come from getGameResult (the server's settlement); a round where none of the player's bets hits is told here.
      if (bets.some((b) => isPlayType(b) && isHit(b, last.code))) return;
      if (popupOpen.current) lossAfterPopup.current = last;
      else openLoss(last);
    },
    [openLoss],
  );

  const heartTick = useCallback(async () => {
    if (!valid || isVisitor) return;
    const sent = Date.now();
    try {
      const h = await api.call(
        'heart',
        { plan_id: planId, game_id: gameId, issue: beat?.heart.issue?.issue ?? '', ...(sinceId.current !== undefined ? { since_id: sinceId.current } : {}) },
        { silent: true },
      );
      const at = Date.now();
      // The countdown counts from when the beat was sent: the server counted the seconds left after that, so a slow
      // answer (a busy phone or network) does not add its delay to the time shown as left, in which a bet would be
      // refused as the round closed. The clock moves on with the beat: until its next tick it could be older than the
      // beat, and the count showed a second more than was left.
      setBeat({ at: sent, heart: h });
      setNow(at);
      setHeartError(false);
      setFailedBeats(0);
      // A heartbeat sent before the last bet's answer may carry the older balance: after_quantity stays until a newer one.
      setMoneyOverride((o) => (o !== null && sent <= o.at ? o : null));
      if (h.message.length > 0) {
        sinceId.current = h.message[h.message.length - 1]?.id;
        setFeed((f) => [...f, ...h.message].slice(-FEED_MAX));
      } else if (sinceId.current === undefined) sinceId.current = 0;
      const last = h.last_issue;
      const drawn = newlyDrawn(lastSeenIssue.current, last);
      if (drawn !== null) {
        setFinishedAt(at);
        showLoss(drawn);
      }
      if (last !== null && last.issue !== lastSeenIssue.current) loadRecent();
      lastSeenIssue.current = seenAfter(lastSeenIssue.current, last);
    } catch (e) {
      if (e instanceof ApiError) setHeartError(true);
      setFailedBeats((n) => n + 1);
      throw e;
    }
  }, [valid, isVisitor, planId, gameId, beat?.heart.issue?.issue, loadRecent, showLoss]);

  const winTick = useCallback(async () => {
    if (!valid || isVisitor || popupOpen.current) return;
    let win;
    try {
      win = await api.call('getGameResult', { game_id: gameId }, { silent: true });
    } catch {
      return; // NO_UNSEEN_WIN, or a failed poll: silent
    }
    popupOpen.current = true;
    await new Promise<void>((resolve) => {
      const handler = Dialog.show({
        title: roundResultTitle(win, t),
        content: <RoundResult notice={win} odds={oddsData.current} />,
        closeOnMaskClick: true,
        closeOnAction: true,
        actions: [{ key: 'ok', text: t('common.ok') }],
        afterClose: () => resolve(),
      });
      setTimeout(() => handler.close(), WIN_POPUP_MS);
    });
    popupClosed.current();
    await api.call('closeGameResult', { order_id: win.id }, { silent: true }).catch(() => undefined);
  }, [valid, isVisitor, gameId, t]);

  const onResume = useCallback(() => {
    odds.reload();
    sinceId.current = undefined;
    setFeed([]);
  }, [odds]);

  usePoller(heartTick, valid && !isVisitor, onResume);
  usePoller(winTick, valid && !isVisitor);

  useEffect(() => {
    const timer = setInterval(() => {
      if (!document.hidden) setNow(Date.now());
    }, 1000);
    return () => clearInterval(timer);
  }, []);

  const heart = beat?.heart ?? null;
  const cur = heart?.issue ?? null;
  const elapsed = beat !== null ? Math.floor((now - beat.at) / 1000) : 0;
  const secondsLeft = cur !== null ? Math.max(0, cur.openTime1 - elapsed) : 0;
  const secondsToDraw = cur !== null && heart !== null ? Math.max(0, cur.drawTime - heart.server_time - elapsed) : 0;
  const phase = countdownPhase({
    gameStatus: heart?.game_status ?? 0,
    hasRound: cur !== null,
    whetherClose: cur?.whether_close ?? true,
    secondsLeft,
    sinceFinishMs: finishedAt === null ? null : now - finishedAt,
  });
  const money = moneyOverride?.money ?? heart?.user_quantity.money ?? null;
  const moneyMinor = money === null ? null : toMinor(money);
  const bettable = phase === 'open' || phase === 'final' || phase === 'reset';
  // Offline, or the server silent for several beats: the room cannot know the round's state, so it takes no bets
  // and says why, instead of showing a countdown or 'drawing' that may no longer be true.
  const reconnecting = online && failedBeats >= RECONNECT_AFTER_FAILED_BEATS;
  const connectionReason = !online ? t('betRoom.offline') : reconnecting ? t('betRoom.reconnecting') : null;
  const disabledReason =
    connectionReason !== null
      ? connectionReason
      : blocked
        ? ruleMessage('OPPOSITE_BET')
        : phase === 'stopped'
          ? t('betRoom.stoppedReason')
          : !bettable && heart !== null
            ? ruleMessage('ROUND_CLOSED')
            : null;
  const target = useMemo(() => (cur !== null && bettable ? { issue: cur.issue, plan_id: planId, game_id: gameId } : null), [cur, bettable, planId, gameId]);

  /**
   * The player's bets in round `issue` as the server holds them now (also those placed before the room was opened, in
   * another room or on another device), merged with this screen's: read as the confirm dialog opens. Without an answer
   * the warning knows this screen's bets only; the server's rule holds all the same.
   */
  const loadHeld = useCallback(
    async (issue: string): Promise<HeldBet[]> => {
      const rows = await api
        // every accepted bet (the server caps the end at its own today, whatever the device's date)
        .call(
          'orderList',
          orderListParams({ begin: localDateOf(HISTORY_FIRST_DAY), end: new Date(2099, 11, 31), tab: ORDER_TAB.ACCEPTED }, 0, 1, HISTORY_MAX_PAGE_SIZE),
          {
            silent: true,
          },
        )
        .then((res) => res.data)
        .catch(() => []);
      const mine = rows.flatMap((o) =>
        o.game_id === gameId && o.issue === issue && isPlayType(o.play_type) ? [{ id: o.id, playType: o.play_type, stake: toMinor(o.quantity) }] : [],
      );
      held.current = withHeld(held.current, issue, mine);
      return [...held.current.bets.values()];
    },
    [gameId],
  );

  const afterBets = useCallback(
    (out: SlipOutcome, issue: string, stakeMinor: number) => {
      if (out.afterQuantity !== null) setMoneyOverride({ money: out.afterQuantity, at: Date.now() });
      if (out.placed.length > 0) myBets.current.set(issue, [...(myBets.current.get(issue) ?? []), ...out.placed]);
      held.current = withHeld(
        held.current,
        issue,
        out.placed.flatMap((playType, i) => (isPlayType(playType) ? [{ id: out.orderIds[i] ?? -1 - i, playType, stake: stakeMinor }] : [])),
      );
      if (isBlockingError(out.error)) {
        setBlocked(true);
        // A freeze stops play: told in a dialog that says what happens next, not only in a line of red.
        void Dialog.show({
          title: t('betRoom.frozenTitle'),
          content: t('betRoom.frozenText'),
          closeOnAction: true,
          actions: [
            { key: 'support', text: t('betRoom.frozenSupport'), onClick: () => void navigate('/customer') },
            { key: 'ok', text: t('common.ok') },
          ],
        });
      }
    },
    [t, navigate],
  );

  const follow = async (m: FeedMessage): Promise<void> => {
    if (cur === null || m.issue !== cur.issue) {
      Toast.show({ content: ruleMessage('FOLLOW_CURRENT_ONLY') });
      return;
    }
    if (!bettable || blocked) {
      Toast.show({ content: disabledReason ?? ruleMessage('ROUND_CLOSED') });
      return;
    }
    const slip = checkBetSlip({ stakeInput: m.quantity, count: 1, moneyMinor: moneyMinor ?? 0 });
    if (!slip.ok) {
      Toast.show({ icon: 'fail', content: ruleMessage(slip.error, slip.params) });
      return;
    }
    const ok = await Dialog.confirm({
      title: t('betRoom.followTitle'),
      content: t('betRoom.followText', { method: m.play_method, amount: formatMoney(m.quantity) }),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    const out = await placeSlip(
      (r) => api.call('playOrder', r),
      followKeys.current,
      { issue: cur.issue, plan_id: planId, game_id: gameId, follow_id: m.id },
      [m.play_type],
      slip.value.stake,
    );
    if (out.error === null) Toast.show({ icon: 'success', content: ruleMessage('ORDER_SUCCESS') });
    afterBets(out, cur.issue, slip.value.stake);
  };

  const menu = [
    { key: 'recharge', text: t('betRoom.menuRecharge'), to: '/recharge' },
    { key: 'results', text: t('betRoom.menuResults'), to: `/lotteryDetail?id=${gameId}&name=${encodeURIComponent(name)}` },
    { key: 'trend', text: t('betRoom.menuTrend'), to: `/trendChart?id=${gameId}` },
    { key: 'explain', text: t('betRoom.menuExplain'), to: `/lotteryExplain?id=${gameId}` },
    { key: 'record', text: t('betRoom.menuRecord'), to: '/betRecord' },
  ];

  if (!valid) {
    return (
      <Page title={t('betRoom.title')}>
        <EmptyState text={t('betRoom.badLink')} />
      </Page>
    );
  }

  return (
    <Page
      title={title !== '' ? `${name} · ${title}` : name || t('betRoom.title')}
      className="bet-room"
      right={
        <button type="button" className="icon-button" aria-label={t('betRoom.menu')} aria-haspopup="menu" onClick={() => setMenuOpen(true)}>
          <MoreOutline aria-hidden="true" />
        </button>
      }
    >
      <ActionSheet
        visible={menuOpen}
        actions={menu.map((m) => ({ key: m.key, text: m.text }))}
        cancelText={t('common.cancel')}
        onClose={() => setMenuOpen(false)}
        onAction={(a) => {
          const item = menu.find((m) => m.key === a.key);
          setMenuOpen(false);
          if (item !== undefined) void navigate(item.to);
        }}
      />
      {blocked ? (
        <div role="alert" className="bet-room__blocked">
          <NoticeBar color="error" wrap content={ruleMessage('OPPOSITE_BET')} />
        </div>
      ) : null}
      <section className="bet-room__pinned" aria-label={t('betRoom.roundInfo')}>
        <div className="row-between bet-room__clock">
          {connectionReason !== null ? (
            <div className="small bet-room__connection" role="status">
              {connectionReason}
            </div>
          ) : heart === null ? (
            heartError ? (
              <div className="small muted" role="status">
                {t('betRoom.connecting')}
              </div>
            ) : (
              <div className="small muted">{t('common.loading')}</div>
            )
          ) : (
            <Countdown phase={phase} issue={cur?.issue ?? null} secondsLeft={secondsLeft} secondsToDraw={secondsToDraw} nextOpen={heart.next_open} />
          )}
          <div className="bet-room__balance">
            <div className="small muted">{t('betRoom.balance')}</div>
            <Money value={money} className="bet-room__money" />
          </div>
        </div>
        <div className="row-between bet-room__last">
          <LastResult last={heart?.last_issue ?? null} recent={recent} />
          {cur !== null ? <FairnessChip issue={cur.issue} hash={cur.hash} gameId={gameId} /> : null}
        </div>
      </section>

      {odds.error !== null && odds.data === undefined ? (
        <LoadError onRetry={odds.reload} message={odds.error} />
      ) : (
        <BetPanel
          odds={odds.data}
          moneyMinor={moneyMinor}
          disabledReason={disabledReason}
          target={target}
          send={(r) => api.call('playOrder', r)}
          onPlaced={(out, stake) => target !== null && afterBets(out, target.issue, stake)}
          loadHeld={loadHeld}
          policy={policy}
          onOpenRules={() => void navigate('/rule')}
        />
      )}

      <section className="card feed" aria-labelledby="feed-title">
        <h2 id="feed-title" className="section__title">
          {t('betRoom.feed')}
        </h2>
        {blocked ? (
          <p className="feed__system small" role="note">
            {t('betRoom.systemBlocked')}
          </p>
        ) : null}
        {feed.length === 0 ? (
          <p className="muted small">{t('betRoom.feedEmpty')}</p>
        ) : (
          // Scrolls on its own: focusable so a keyboard can scroll it too.
          <ul className="feed__list" aria-labelledby="feed-title" tabIndex={0}>
            {[...feed].reverse().map((m) => (
              <FeedRow key={m.id} m={m} onFollow={(x) => void follow(x)} canFollow={disabledReason === null && cur !== null && m.issue === cur.issue} />
            ))}
          </ul>
        )}
        <p className="muted small">{t('betRoom.followHint')}</p>
      </section>
    </Page>
  );
}
