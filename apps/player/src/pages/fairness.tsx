import { Button } from 'antd-mobile';
import type { IssueRow } from '@sum28/contracts';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useApi } from '../app/hooks';
import { EmptyState, LoadError } from '../components/EmptyState';
import { Page } from '../components/Page';
import { roundFromIssueRow, sumFrequencies, sumsChiSquare, verifyRound, type RoundToVerify, type Verification } from '../features/fairness/verify-round';
import { Digits } from '../features/games/Digits';
import { GameTabs } from '../features/games/GameTabs';
import { useGames } from '../features/games/useGames';
import '../features/games/games.css';

/** Rounds offered in the picker (the API's most). */
const PICKER_ROUNDS = 100;
/** Rounds counted for the observed frequency of each sum. */
const FREQUENCY_ROUNDS = 200;

/** The offline recipe of docs/fairness.md, filled in with this round. */
function recipe(r: RoundToVerify): string {
  return `SEED=${r.seed ?? ''}
HASH=${r.hash}
GAME=${r.gameId}
ISSUE=${r.issue}
printf '%s' "$SEED" | xxd -r -p | openssl dgst -sha256 -r | cut -c1-64
echo "$HASH  (published)"
digits=""; count=0; n=0
while [ "$count" -lt 3 ]; do
  if [ "$n" -eq 0 ]; then MSG="$GAME:$ISSUE"; else MSG="$GAME:$ISSUE:$n"; fi
  for b in $(printf '%s' "$MSG" | openssl dgst -sha256 -mac HMAC -macopt "hexkey:$SEED" -binary | xxd -p -c1); do
    v=$(printf '%d' "0x$b")
    if [ "$v" -lt 250 ] && [ "$count" -lt 3 ]; then digits="$digits $((v % 10))"; count=$((count + 1)); fi
  done
  n=$((n + 1))
done
set -- $digits
echo "digits: $1 $2 $3  sum: $(($1 + $2 + $3))"`;
}

function Verdict({ v }: { v: Verification }): ReactElement {
  const { t } = useTranslation();
  if (v.kind === 'pending') return <div className="verdict verdict--pending">{t('fairness.pending')}</div>;
  return (
    <div className={`verdict verdict--${v.kind}`} role="status">
      <div>{v.kind === 'ok' ? t('fairness.ok', { sum: v.sum }) : t(`fairness.error_${v.error}`)}</div>
      {v.computedHash !== null ? (
        <div className="small">
          {t('fairness.computedHash')}: <span className="hex">{v.computedHash}</span>
        </div>
      ) : null}
      {v.computed !== null ? (
        <div className="small">
          {t('fairness.computedDigits')}: {v.computed.join(' ')}
        </div>
      ) : null}
    </div>
  );
}

/** One round: its commitment, seed and result, verified in this browser on request. */
function RoundCard({ round, onRefresh }: { round: RoundToVerify; onRefresh?: () => void }): ReactElement {
  const { t } = useTranslation();
  const [result, setResult] = useState<Verification | null>(null);
  const drawn = round.seed !== null && round.triple !== null;
  return (
    <>
      <div className="card">
        <div className="muted small">{t('fairness.hash')}</div>
        <div className="hex">{round.hash}</div>
        <div className="muted small">{t('fairness.seed')}</div>
        <div className="hex">{round.seed ?? t('fairness.seedHidden')}</div>
        <div className="muted small">{t('fairness.result')}</div>
        <div>
          {round.triple !== null ? (
            <Digits digits={round.triple} sum={round.triple[0] + round.triple[1] + round.triple[2]} />
          ) : (
            <span className="muted">{t('betDetail.notDrawn')}</span>
          )}
        </div>
      </div>
      {drawn ? (
        <div className="pad">
          <Button block color="primary" onClick={() => setResult(verifyRound(round))}>
            {t('fairness.verify')}
          </Button>
        </div>
      ) : (
        <>
          <Verdict v={verifyRound(round)} />
          {onRefresh !== undefined ? (
            <div className="pad">
              <Button block onClick={onRefresh}>
                {t('common.reload')}
              </Button>
            </div>
          ) : null}
        </>
      )}
      {result !== null ? <Verdict v={result} /> : null}
      {drawn ? (
        <details className="card">
          <summary>{t('fairness.offline')}</summary>
          <p className="small">{t('fairness.offlineHelp')}</p>
          <pre className="recipe">{recipe(round)}</pre>
        </details>
      ) : null}
    </>
  );
}

/** A round older than the picker's list, read by the public verify call (only its published data is used). */
function OlderRound({ gameId, issue }: { gameId: number; issue: string }): ReactElement {
  const { t } = useTranslation();
  const { data, error, loading, reload } = useApi('verify', { game_id: gameId, issue }, { silent: true });
  if (error !== null) return <LoadError message={error} onRetry={reload} />;
  if (loading || data === undefined) return <div className="pad muted">{t('common.loading')}</div>;
  return <RoundCard round={{ gameId, issue, hash: data.hash, seed: data.seed, triple: data.triple }} />;
}

function Frequencies({ gameId }: { gameId: number }): ReactElement {
  const { t } = useTranslation();
  const { data, error, reload } = useApi('cand', { game_id: gameId, limit: FREQUENCY_ROUNDS });
  if (error !== null) return <LoadError message={error} onRetry={reload} />;
  if (data === undefined) return <div className="pad muted">{t('common.loading')}</div>;
  const freq = sumFrequencies(data.map((r) => r.cand));
  const test = sumsChiSquare(freq);
  const top = Math.max(...freq.map((f) => Math.max(f.observed, f.theory)), 0.0001);
  return (
    <section className="section">
      <h2 className="section__title pad">{t('fairness.freqTitle', { count: data.length })}</h2>
      {test !== null ? <p className="pad small muted">{t('fairness.chi', { stat: test.stat.toFixed(1), p: test.pValue.toFixed(3) })}</p> : null}
      <table className="grid-table">
        <thead>
          <tr>
            <th scope="col">{t('trend.sum')}</th>
            <th scope="col">{t('fairness.observed')}</th>
            <th scope="col">{t('fairness.theory')}</th>
            <th scope="col" aria-label={t('fairness.bars')} />
          </tr>
        </thead>
        <tbody>
          {freq.map((f) => (
            <tr key={f.sum}>
              <td className="strong">{f.sum}</td>
              <td>
                {f.count} ({(f.observed * 100).toFixed(1)}%)
              </td>
              <td>{(f.theory * 100).toFixed(1)}%</td>
              <td style={{ width: '30%' }} aria-hidden="true">
                <span className="freq-bar" style={{ width: `${(f.observed / top) * 100}%` }} />
                <span className="freq-bar freq-bar--theory" style={{ width: `${(f.theory / top) * 100}%` }} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function GameRounds({ gameId }: { gameId: number }): ReactElement {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { data, error, loading, reload } = useApi('issueList', { game_id: gameId, limit: PICKER_ROUNDS });
  const wantedIssue = params.get('issue');
  const refreshedFor = useRef<string | null>(null);
  /** The list answer that was stale when the reload was asked for: until a new one arrives, keep loading. */
  const staleAnswer = useRef<unknown>(null);
  // A round newer than the loaded list (opened since, e.g. from a link): read the list again, once per round.
  const newest = data?.[0]?.issue;
  const stale =
    wantedIssue !== null &&
    newest !== undefined &&
    refreshedFor.current !== wantedIssue &&
    wantedIssue > newest &&
    !(data ?? []).some((r) => r.issue === wantedIssue);
  useEffect(() => {
    if (!stale || loading || wantedIssue === null) return;
    refreshedFor.current = wantedIssue;
    staleAnswer.current = data;
    reload();
  }, [stale, loading, reload, wantedIssue]);
  if (error !== null) return <LoadError message={error} onRetry={reload} />;
  const rows: IssueRow[] = (data ?? []).filter((r) => r.state !== 'void');
  const wanted = wantedIssue;
  const chosen = rows.find((r) => r.issue === wanted) ?? (wanted === null ? (rows.find((r) => r.seed !== null) ?? rows[0]) : undefined);
  if (stale || staleAnswer.current === data || (loading && (data === undefined || chosen === undefined)))
    return <div className="pad muted">{t('common.loading')}</div>;
  const pick = (issue: string): void => {
    const next = new URLSearchParams(params);
    next.set('game_id', String(gameId));
    next.set('issue', issue);
    setParams(next, { replace: true });
  };
  return (
    <>
      {rows.length === 0 && wanted === null ? <EmptyState onReload={reload} /> : null}
      {rows.length > 0 ? (
        <div className="pad">
          <label htmlFor="fairness-round" className="muted small block">
            {t('fairness.round')}
          </label>
          <select id="fairness-round" className="select" value={chosen?.issue ?? wanted ?? ''} onChange={(e) => pick(e.target.value)}>
            {wanted !== null && chosen === undefined ? <option value={wanted}>{wanted}</option> : null}
            {rows.map((r) => (
              <option key={r.issue} value={r.issue}>
                {r.issue} · {r.seed !== null && r.sum !== null ? t('fairness.optionDrawn', { sum: r.sum }) : t('fairness.optionOpen')}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {chosen !== undefined ? (
        <RoundCard key={chosen.issue} round={roundFromIssueRow(chosen)} onRefresh={reload} />
      ) : wanted !== null ? (
        <OlderRound key={wanted} gameId={gameId} issue={wanted} />
      ) : null}
      <Frequencies gameId={gameId} />
    </>
  );
}

/** Fairness: pick a line and a round; its hash, seed and result, verified here with libs/domain; observed vs theory. */
export default function FairnessPage(): ReactElement {
  const { t } = useTranslation();
  const games = useGames('game_id');
  return (
    <Page title={t('fairness.title')}>
      <p className="pad small muted">{t('fairness.intro')}</p>
      <GameTabs state={games} />
      {games.error !== null ? (
        <LoadError message={games.error} onRetry={games.reload} />
      ) : games.game !== undefined ? (
        <GameRounds key={games.game.id} gameId={games.game.id} />
      ) : games.loading ? (
        <div className="pad muted">{t('common.loading')}</div>
      ) : (
        <EmptyState onReload={games.reload} />
      )}
    </Page>
  );
}
