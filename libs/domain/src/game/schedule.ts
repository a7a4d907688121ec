import { err, ok, type Result } from '../result/result';

/**
 * Round schedule: which round is open at an instant, in the platform time zone.
 * Pure: `now` comes in as epoch milliseconds; time zones are read through Intl (ICU data).
 *
 * A session day D (YYYYMMDD) runs from local `start` on D to local `end` on D, or on D+1 when the
 * window crosses midnight (end <= start); 'always' runs from local midnight to the next local
 * midnight. Round k (1-based) opens at sessionStart + (k-1)R, draws at sessionStart + kR and stops
 * taking bets betCloseSeconds before the draw. A session holds floor(length / R) rounds, so no round
 * draws after the window ends. DST days are simply shorter or longer sessions.
 */

/** Minutes after local midnight; end <= start means the window crosses midnight. */
export type OpenWindow = { readonly start: number; readonly end: number };
export type OpenHours = 'always' | OpenWindow;

export type ScheduleConfig = {
  readonly tz: string;
  readonly openHours: OpenHours;
  readonly roundSeconds: number;
  readonly betCloseSeconds: number;
};

export type RoundSlot = {
  /** Session day YYYYMMDD (a round after midnight belongs to the previous day's session). */
  readonly day: string;
  /** 1-based position in the session. */
  readonly seq: number;
  /** day + seq zero-padded to `issueWidth(cfg)` digits, e.g. 20261122001. */
  readonly issue: string;
  readonly openAt: number;
  readonly closeAt: number;
  readonly drawAt: number;
};

export type Session = {
  readonly day: string;
  /** Epoch ms of the window start and end. */
  readonly start: number;
  readonly end: number;
  /** Rounds in this session: floor((end - start) / R). */
  readonly rounds: number;
};

export type WallTime = {
  readonly year: number;
  readonly month: number; // 1..12
  readonly day: number; // 1..31
  readonly hour: number; // 0..23
  readonly minute: number;
  readonly second: number;
};

export type ScheduleError = 'OPEN_HOURS_INVALID' | 'SCHEDULE_INVALID';

export const MIN_ROUND_SECONDS = 5;
export const MINUTES_PER_DAY = 1440;
const DAY_MS = 86_400_000;
/** Longest amount a DST change can lengthen a session by, used for the issue width. */
const DST_MARGIN_SECONDS = 3600;

// ---------------------------------------------------------------------------------------------
// Time zones
// ---------------------------------------------------------------------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, f);
  }
  return f;
}

/** True for an IANA zone name this runtime knows (e.g. 'Asia/Taipei'). */
export function isValidTimeZone(tz: unknown): tz is string {
  if (typeof tz !== 'string' || tz === '') return false;
  try {
    formatterFor(tz);
    return true;
  } catch {
    return false;
  }
}

function assertFiniteMs(ms: number, name: string): void {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) throw new RangeError(`${name} must be a finite epoch ms: ${String(ms)}`);
}

/** The local wall-clock time of an instant in a time zone. */
export function zonedParts(epochMs: number, tz: string): WallTime {
  assertFiniteMs(epochMs, 'epochMs');
  const out = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatterFor(tz).formatToParts(epochMs)) {
    if (part.type in out) out[part.type as keyof typeof out] = Number(part.value);
  }
  if (out.hour === 24) out.hour = 0; // old ICU quirk
  return out;
}

function utcOfWall(w: WallTime): number {
  const d = new Date(0);
  d.setUTCFullYear(w.year, w.month - 1, w.day);
  d.setUTCHours(w.hour, w.minute, w.second, 0);
  return d.getTime();
}

/** Offset of the zone from UTC at an instant, in ms (local = utc + offset). */
export function tzOffsetMs(epochMs: number, tz: string): number {
  const whole = Math.floor(epochMs / 1000) * 1000;
  return utcOfWall(zonedParts(whole, tz)) - whole;
}

/**
 * The instant at which a zone's clocks show this wall time. A wall time skipped by a DST jump
 * moves forward by the jump (02:30 on a spring-forward day is 03:30); a repeated wall time
 * (fall back) takes its first occurrence.
 */
export function wallTimeToEpoch(wall: WallTime, tz: string): number {
  const w = utcOfWall(wall);
  const offsetBefore = tzOffsetMs(w - DAY_MS, tz);
  const candidates = new Set([offsetBefore, tzOffsetMs(w, tz), tzOffsetMs(w + DAY_MS, tz)]);
  let best: number | undefined;
  for (const o of candidates) {
    const t = w - o;
    if (tzOffsetMs(t, tz) === o && (best === undefined || t < best)) best = t;
  }
  return best ?? w - offsetBefore;
}

// ---------------------------------------------------------------------------------------------
// Calendar days as YYYYMMDD
// ---------------------------------------------------------------------------------------------

type Ymd = { readonly year: number; readonly month: number; readonly day: number };

function formatYmd(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}${String(m).padStart(2, '0')}${String(d).padStart(2, '0')}`;
}

/** Parses YYYYMMDD, rejecting impossible dates (20260230). */
export function parseDay(day: string): Ymd | null {
  if (typeof day !== 'string' || !/^[0-9]{8}$/.test(day)) return null;
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(4, 6));
  const d = Number(day.slice(6, 8));
  if (year < 1970 || month < 1 || month > 12 || d < 1) return null;
  const check = new Date(Date.UTC(year, month - 1, d));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== d) return null;
  return { year, month, day: d };
}

/** YYYYMMDD plus n calendar days. */
export function addDays(day: string, n: number): string {
  const p = parseDay(day);
  if (p === null) throw new RangeError(`not a YYYYMMDD day: ${String(day)}`);
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day + n));
  return formatYmd(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/** The calendar date (YYYYMMDD) in the platform zone: the turnover day, reset at local midnight. */
export function platformDate(now: number, tz: string): string {
  const p = zonedParts(now, tz);
  return formatYmd(p.year, p.month, p.day);
}

function wallOf(day: string, minutes: number): WallTime {
  const p = parseDay(day);
  if (p === null) throw new RangeError(`not a YYYYMMDD day: ${day}`);
  return { year: p.year, month: p.month, day: p.day, hour: Math.floor(minutes / 60), minute: minutes % 60, second: 0 };
}

/** Epoch ms of local midnight starting the platform day that contains `now`. */
export function startOfPlatformDay(now: number, tz: string): number {
  return wallTimeToEpoch(wallOf(platformDate(now, tz), 0), tz);
}

/** Epoch ms of local midnight starting the given platform day (YYYYMMDD). */
export function startOfDay(day: string, tz: string): number {
  return wallTimeToEpoch(wallOf(day, 0), tz);
}

// ---------------------------------------------------------------------------------------------
// Configuration
// ---------------------------------------------------------------------------------------------

const OPEN_HOURS = /^([01][0-9]|2[0-3]):([0-5][0-9])-([01][0-9]|2[0-3]):([0-5][0-9])$/;

/** 'always' or 'HH:MM-HH:MM' (24-hour; '10:00-02:00' crosses midnight). */
export function parseOpenHours(s: string): Result<OpenHours, 'OPEN_HOURS_INVALID'> {
  if (typeof s !== 'string') return err('OPEN_HOURS_INVALID');
  const text = s.trim();
  if (text.toLowerCase() === 'always') return ok('always');
  const m = OPEN_HOURS.exec(text);
  if (m === null) return err('OPEN_HOURS_INVALID', { value: text });
  const start = Number(m[1]) * 60 + Number(m[2]);
  const end = Number(m[3]) * 60 + Number(m[4]);
  return ok({ start, end });
}

/** Inverse of parseOpenHours: 'always' or 'HH:MM-HH:MM'. */
export function formatOpenHours(h: OpenHours): string {
  if (h === 'always') return 'always';
  const hm = (m: number): string => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return `${hm(h.start)}-${hm(h.end)}`;
}

/** Nominal session length in minutes (ignoring DST): 'always' and start = end are 24 hours. */
export function nominalSessionMinutes(h: OpenHours): number {
  if (h === 'always') return MINUTES_PER_DAY;
  const len = (h.end - h.start + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return len === 0 ? MINUTES_PER_DAY : len;
}

function isMinuteOfDay(x: unknown): x is number {
  return typeof x === 'number' && Number.isInteger(x) && x >= 0 && x < MINUTES_PER_DAY;
}

/**
 * roundSeconds an integer >= 5, betCloseSeconds an integer with 0 < b < roundSeconds, a time zone
 * this runtime knows, a well-formed window holding at least one round.
 */
export function validateScheduleConfig(cfg: ScheduleConfig): Result<ScheduleConfig, 'SCHEDULE_INVALID'> {
  if (typeof cfg !== 'object' || cfg === null) return err('SCHEDULE_INVALID', { reason: 'config' });
  const { tz, openHours, roundSeconds, betCloseSeconds } = cfg;
  if (!Number.isSafeInteger(roundSeconds) || roundSeconds < MIN_ROUND_SECONDS) {
    return err('SCHEDULE_INVALID', { reason: 'round_seconds' });
  }
  if (!Number.isSafeInteger(betCloseSeconds) || betCloseSeconds <= 0 || betCloseSeconds >= roundSeconds) {
    return err('SCHEDULE_INVALID', { reason: 'bet_close_seconds' });
  }
  if (!isValidTimeZone(tz)) return err('SCHEDULE_INVALID', { reason: 'tz' });
  if (openHours !== 'always' && !(typeof openHours === 'object' && openHours !== null && isMinuteOfDay(openHours.start) && isMinuteOfDay(openHours.end))) {
    return err('SCHEDULE_INVALID', { reason: 'open_hours' });
  }
  if (roundSeconds > nominalSessionMinutes(openHours) * 60) return err('SCHEDULE_INVALID', { reason: 'window_too_short' });
  return ok(cfg);
}

function assertConfig(cfg: ScheduleConfig): void {
  const r = validateScheduleConfig(cfg);
  if (!r.ok) throw new RangeError(`invalid schedule config (${String(r.params?.['reason'])})`);
}

/**
 * Upper bound of rounds in any session: floor((nominal length + 1 hour of DST) / R).
 * The issue width is derived from it so it never changes for a configuration.
 */
export function maxRoundsPerSession(cfg: ScheduleConfig): number {
  return Math.floor((nominalSessionMinutes(cfg.openHours) * 60 + DST_MARGIN_SECONDS) / cfg.roundSeconds);
}

/** Digits of the sequence part of an issue: max(3, digits of maxRoundsPerSession). */
export function issueWidth(cfg: ScheduleConfig): number {
  return Math.max(3, String(maxRoundsPerSession(cfg)).length);
}

/**
 * Whether round `a` comes before round `b`. Issues are the platform day then the sequence at a width fixed per
 * configuration (issueWidth), so issues of one configuration sort as text; issues of different widths (the
 * configuration changed) are not ordered: false.
 */
export function issueBefore(a: string, b: string): boolean {
  return a.length === b.length && a < b;
}

// ---------------------------------------------------------------------------------------------
// Sessions and slots
// ---------------------------------------------------------------------------------------------

const boundsCache = new Map<string, { start: number; end: number }>();
const BOUNDS_CACHE_MAX = 256;

function sessionBounds(day: string, cfg: ScheduleConfig): { start: number; end: number } {
  const h = cfg.openHours;
  const key = `${cfg.tz}|${h === 'always' ? 'always' : `${h.start}-${h.end}`}|${day}`;
  const hit = boundsCache.get(key);
  if (hit !== undefined) return hit;
  let bounds: { start: number; end: number };
  if (h === 'always') {
    bounds = { start: startOfDay(day, cfg.tz), end: startOfDay(addDays(day, 1), cfg.tz) };
  } else {
    const endDay = h.end <= h.start ? addDays(day, 1) : day;
    bounds = { start: wallTimeToEpoch(wallOf(day, h.start), cfg.tz), end: wallTimeToEpoch(wallOf(endDay, h.end), cfg.tz) };
  }
  if (boundsCache.size >= BOUNDS_CACHE_MAX) boundsCache.clear();
  boundsCache.set(key, bounds);
  return bounds;
}

/** The session of a day (YYYYMMDD), or null for an impossible day. */
export function sessionOf(day: string, cfg: ScheduleConfig): Session | null {
  assertConfig(cfg);
  if (parseDay(day) === null) return null;
  const { start, end } = sessionBounds(day, cfg);
  const rounds = Math.min(maxRoundsPerSession(cfg), Math.max(0, Math.floor((end - start) / (cfg.roundSeconds * 1000))));
  return { day, start, end, rounds };
}

function mustSession(day: string, cfg: ScheduleConfig): Session {
  const s = sessionOf(day, cfg);
  if (s === null) throw new RangeError(`not a YYYYMMDD day: ${day}`);
  return s;
}

function slotOf(s: Session, seq: number, cfg: ScheduleConfig): RoundSlot {
  const roundMs = cfg.roundSeconds * 1000;
  const openAt = s.start + (seq - 1) * roundMs;
  const drawAt = openAt + roundMs;
  return {
    day: s.day,
    seq,
    issue: `${s.day}${String(seq).padStart(issueWidth(cfg), '0')}`,
    openAt,
    closeAt: drawAt - cfg.betCloseSeconds * 1000,
    drawAt,
  };
}

/** The round whose [openAt, drawAt) contains `now`, or null outside opening hours. */
export function slotAt(now: number, cfg: ScheduleConfig): RoundSlot | null {
  assertFiniteMs(now, 'now');
  assertConfig(cfg);
  const today = platformDate(now, cfg.tz);
  const roundMs = cfg.roundSeconds * 1000;
  for (const day of [addDays(today, -1), today]) {
    const s = mustSession(day, cfg);
    if (now >= s.start && now < s.start + s.rounds * roundMs) {
      return slotOf(s, Math.floor((now - s.start) / roundMs) + 1, cfg);
    }
  }
  return null;
}

/** The first round that opens strictly after `now` (the current round's successor while one is open). */
export function nextSlotAfter(now: number, cfg: ScheduleConfig): RoundSlot {
  assertFiniteMs(now, 'now');
  assertConfig(cfg);
  const roundMs = cfg.roundSeconds * 1000;
  let day = addDays(platformDate(now, cfg.tz), -1);
  for (let i = 0; i < 10; i++, day = addDays(day, 1)) {
    const s = mustSession(day, cfg);
    if (s.rounds === 0) continue;
    if (now < s.start) return slotOf(s, 1, cfg);
    const seq = Math.floor((now - s.start) / roundMs) + 2;
    if (seq <= s.rounds) return slotOf(s, seq, cfg);
  }
  throw new RangeError('no round in the next ten days');
}

/** The round an issue names, or null when it is malformed or its sequence is outside its session. */
export function slotByIssue(issue: string, cfg: ScheduleConfig): RoundSlot | null {
  assertConfig(cfg);
  const width = issueWidth(cfg);
  if (typeof issue !== 'string' || issue.length !== 8 + width || !/^[0-9]+$/.test(issue)) return null;
  const s = sessionOf(issue.slice(0, 8), cfg);
  if (s === null) return null;
  const seq = Number(issue.slice(8));
  if (seq < 1 || seq > s.rounds) return null;
  return slotOf(s, seq, cfg);
}

export const DEFAULT_SLOTS_CAP = 10_000;

/**
 * All rounds with openAt in [fromMs, toMs), in order, at most `maxCount` (for catch-up after
 * downtime: the caller processes the first page and asks again).
 */
export function slotsBetween(fromMs: number, toMs: number, cfg: ScheduleConfig, maxCount: number = DEFAULT_SLOTS_CAP): RoundSlot[] {
  assertFiniteMs(fromMs, 'fromMs');
  assertFiniteMs(toMs, 'toMs');
  assertConfig(cfg);
  if (!Number.isSafeInteger(maxCount) || maxCount < 0) throw new RangeError(`maxCount must be a non-negative integer: ${maxCount}`);
  const out: RoundSlot[] = [];
  if (toMs <= fromMs || maxCount === 0) return out;
  const roundMs = cfg.roundSeconds * 1000;
  for (let day = addDays(platformDate(fromMs, cfg.tz), -1); ; day = addDays(day, 1)) {
    const s = mustSession(day, cfg);
    if (s.start >= toMs) return out;
    const first = Math.max(1, Math.ceil((fromMs - s.start) / roundMs) + 1);
    for (let seq = first; seq <= s.rounds; seq++) {
      const slot = slotOf(s, seq, cfg);
      if (slot.openAt >= toMs) return out;
      out.push(slot);
      if (out.length >= maxCount) return out;
    }
  }
}
