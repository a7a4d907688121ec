import fc from 'fast-check';
import {
  addDays,
  formatOpenHours,
  issueBefore,
  issueWidth,
  isValidTimeZone,
  maxRoundsPerSession,
  nextSlotAfter,
  parseDay,
  parseOpenHours,
  platformDate,
  sessionOf,
  slotAt,
  slotByIssue,
  slotsBetween,
  startOfDay,
  startOfPlatformDay,
  tzOffsetMs,
  validateScheduleConfig,
  wallTimeToEpoch,
  zonedParts,
  type ScheduleConfig,
} from './schedule';

const H = 3_600_000;
const utc = (iso: string): number => Date.parse(iso);

/** The production default: Taipei (UTC+8, no DST), 10:00-02:00, 210 s rounds, close 30 s before. */
const TAIPEI: ScheduleConfig = { tz: 'Asia/Taipei', openHours: { start: 600, end: 120 }, roundSeconds: 210, betCloseSeconds: 30 };
const TAIPEI_ALWAYS_12: ScheduleConfig = { tz: 'Asia/Taipei', openHours: 'always', roundSeconds: 12, betCloseSeconds: 2 };
const NY_ALWAYS_60: ScheduleConfig = { tz: 'America/New_York', openHours: 'always', roundSeconds: 60, betCloseSeconds: 10 };
const LONDON: ScheduleConfig = { tz: 'Europe/London', openHours: { start: 600, end: 120 }, roundSeconds: 210, betCloseSeconds: 30 };
const NY_NIGHT: ScheduleConfig = { tz: 'America/New_York', openHours: { start: 60, end: 240 }, roundSeconds: 300, betCloseSeconds: 30 };

describe('parseOpenHours / formatOpenHours', () => {
  it.each<[string, unknown]>([
    ['always', 'always'],
    [' ALWAYS ', 'always'],
    ['10:00-02:00', { start: 600, end: 120 }],
    ['00:00-00:00', { start: 0, end: 0 }],
    ['09:30-17:45', { start: 570, end: 1065 }],
    ['23:59-00:00', { start: 1439, end: 0 }],
  ])('%p parses to %p', (s, expected) => {
    expect(parseOpenHours(s)).toEqual({ ok: true, value: expected });
  });

  it.each(['', 'never', '10:00', '10-02', '10:00-24:00', '24:00-02:00', '9:00-17:00', '10:60-02:00', '10:00 - 02:00', '10:00-02:00-03:00'])(
    '%p is OPEN_HOURS_INVALID',
    (s) => {
      expect(parseOpenHours(s)).toMatchObject({ ok: false, error: 'OPEN_HOURS_INVALID' });
    },
  );

  it.each(['always', '10:00-02:00', '00:00-00:00', '09:05-17:45'])('%p round-trips', (s) => {
    const r = parseOpenHours(s);
    expect(r.ok && formatOpenHours(r.value)).toBe(s);
  });
});

describe('validateScheduleConfig', () => {
  it('accepts the default configuration', () => {
    expect(validateScheduleConfig(TAIPEI)).toEqual({ ok: true, value: TAIPEI });
  });

  it.each<[string, Partial<ScheduleConfig>]>([
    ['round_seconds', { roundSeconds: 4 }],
    ['round_seconds', { roundSeconds: 210.5 }],
    ['round_seconds', { roundSeconds: NaN }],
    ['bet_close_seconds', { betCloseSeconds: 0 }],
    ['bet_close_seconds', { betCloseSeconds: 210 }],
    ['bet_close_seconds', { betCloseSeconds: -1 }],
    ['bet_close_seconds', { betCloseSeconds: 1.5 }],
    ['tz', { tz: 'Mars/Olympus' }],
    ['tz', { tz: '' }],
    ['open_hours', { openHours: { start: 1440, end: 0 } }],
    ['open_hours', { openHours: { start: -1, end: 0 } }],
    ['open_hours', { openHours: { start: 1.5, end: 0 } }],
    ['window_too_short', { openHours: { start: 600, end: 601 }, roundSeconds: 61 }],
  ])('refuses a bad %s', (reason, patch) => {
    expect(validateScheduleConfig({ ...TAIPEI, ...patch })).toEqual({ ok: false, error: 'SCHEDULE_INVALID', params: { reason } });
  });

  it('slot functions throw on an invalid configuration (a broken invariant)', () => {
    expect(() => slotAt(0, { ...TAIPEI, roundSeconds: 1 })).toThrow(RangeError);
  });

  it('knows real zones only', () => {
    expect(isValidTimeZone('Asia/Taipei')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Nowhere/Else')).toBe(false);
    expect(isValidTimeZone(8)).toBe(false);
  });
});

describe('time zone helpers', () => {
  it('zonedParts reads the wall clock of an instant', () => {
    expect(zonedParts(utc('2026-11-22T16:30:05Z'), 'Asia/Taipei')).toEqual({ year: 2026, month: 11, day: 23, hour: 0, minute: 30, second: 5 });
  });

  it.each<[string, string, number]>([
    ['Asia/Taipei', '2026-07-01T00:00:00Z', 8 * H],
    ['America/New_York', '2026-01-15T12:00:00Z', -5 * H],
    ['America/New_York', '2026-07-15T12:00:00Z', -4 * H],
    ['Europe/London', '2026-01-15T12:00:00Z', 0],
    ['Europe/London', '2026-07-15T12:00:00Z', H],
    ['Asia/Kolkata', '2026-07-15T12:00:00Z', 5.5 * H],
  ])('offset of %s at %s is %i ms', (tz, iso, offset) => {
    expect(tzOffsetMs(utc(iso), tz)).toBe(offset);
  });

  it.each<[string, string, string]>([
    ['Asia/Taipei', '2026-11-22 10:00:00', '2026-11-22T02:00:00Z'],
    ['America/New_York', '2026-03-08 01:59:00', '2026-03-08T06:59:00Z'], // last EST minute
    ['America/New_York', '2026-03-08 02:30:00', '2026-03-08T07:30:00Z'], // does not exist: moves forward to 03:30 EDT
    ['America/New_York', '2026-03-08 03:00:00', '2026-03-08T07:00:00Z'],
    ['America/New_York', '2026-11-01 01:30:00', '2026-11-01T05:30:00Z'], // ambiguous: first occurrence (EDT)
    ['America/New_York', '2026-11-01 02:00:00', '2026-11-01T07:00:00Z'],
    ['Europe/London', '2026-03-29 01:30:00', '2026-03-29T01:30:00Z'], // does not exist: 02:30 BST
    ['Europe/London', '2026-10-25 01:30:00', '2026-10-25T00:30:00Z'], // ambiguous: first (BST)
    ['Europe/London', '2026-10-25 02:00:00', '2026-10-25T02:00:00Z'],
  ])('in %s the wall time %s is %s', (tz, wall, iso) => {
    const [date = '', time = ''] = wall.split(' ');
    const [year, month, day] = date.split('-').map(Number);
    const [hour, minute, second] = time.split(':').map(Number);
    expect(wallTimeToEpoch({ year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: second! }, tz)).toBe(utc(iso));
  });

  it('property: an instant converts to its wall time and back (first occurrence when repeated)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: utc('2020-01-01T00:00:00Z') / 1000, max: utc('2035-12-31T00:00:00Z') / 1000 }),
        fc.constantFrom('Asia/Taipei', 'America/New_York', 'Europe/London', 'Australia/Sydney', 'Asia/Kolkata'),
        (sec, tz) => {
          const t = sec * 1000;
          const back = wallTimeToEpoch(zonedParts(t, tz), tz);
          expect(back === t || back === t - H).toBe(true);
          expect(zonedParts(back, tz)).toEqual(zonedParts(t, tz));
        },
      ),
    );
  });

  it.each<[string, boolean]>([
    ['20261122', true],
    ['20240229', true],
    ['20260229', false],
    ['20261301', false],
    ['20261100', false],
    ['2026112', false],
    ['2026-11-22', false],
  ])('parseDay(%p) is valid: %p', (d, valid) => {
    expect(parseDay(d) !== null).toBe(valid);
  });

  it('addDays crosses month and year ends', () => {
    expect(addDays('20261231', 1)).toBe('20270101');
    expect(addDays('20240301', -1)).toBe('20240229');
  });
});

describe('platformDate / startOfPlatformDay (the turnover day resets at local midnight)', () => {
  it.each<[string, string, string]>([
    ['Asia/Taipei', '2026-11-22T15:59:59.999Z', '20261122'],
    ['Asia/Taipei', '2026-11-22T16:00:00.000Z', '20261123'],
    ['America/New_York', '2026-03-08T04:59:59Z', '20260307'],
    ['America/New_York', '2026-03-08T05:00:00Z', '20260308'],
    ['UTC', '2026-01-01T00:00:00Z', '20260101'],
  ])('in %s, %s is the platform date %s', (tz, iso, day) => {
    expect(platformDate(utc(iso), tz)).toBe(day);
  });

  it.each<[string, string, string]>([
    ['Asia/Taipei', '2026-11-22T23:00:00Z', '2026-11-22T16:00:00Z'],
    ['Asia/Taipei', '2026-11-22T16:00:00Z', '2026-11-22T16:00:00Z'],
    ['America/New_York', '2026-03-08T20:00:00Z', '2026-03-08T05:00:00Z'],
    ['America/New_York', '2026-11-01T20:00:00Z', '2026-11-01T04:00:00Z'],
    ['Europe/London', '2026-07-01T12:00:00Z', '2026-06-30T23:00:00Z'],
  ])('in %s the day of %s starts at %s', (tz, iso, start) => {
    expect(startOfPlatformDay(utc(iso), tz)).toBe(utc(start));
  });

  it('a New York spring-forward day lasts 23 hours and a fall-back day 25 hours', () => {
    expect(startOfDay('20260309', 'America/New_York') - startOfDay('20260308', 'America/New_York')).toBe(23 * H);
    expect(startOfDay('20261102', 'America/New_York') - startOfDay('20261101', 'America/New_York')).toBe(25 * H);
  });
});

describe('schedule: Asia/Taipei 10:00-02:00, 210 s rounds (crosses midnight)', () => {
  it('has 274 rounds per session and a 3-digit sequence', () => {
    expect(sessionOf('20261122', TAIPEI)).toEqual({ day: '20261122', start: utc('2026-11-22T02:00:00Z'), end: utc('2026-11-22T18:00:00Z'), rounds: 274 });
    expect(issueWidth(TAIPEI)).toBe(3);
  });

  it('the first round opens at 10:00:00 as seq 001, closes 30 s before its draw at 10:03:30', () => {
    expect(slotAt(utc('2026-11-22T02:00:00Z'), TAIPEI)).toEqual({
      day: '20261122',
      seq: 1,
      issue: '20261122001',
      openAt: utc('2026-11-22T02:00:00Z'),
      closeAt: utc('2026-11-22T02:03:00Z'),
      drawAt: utc('2026-11-22T02:03:30Z'),
    });
  });

  it('a round contains its open instant but not its draw instant', () => {
    expect(slotAt(utc('2026-11-22T02:03:29.999Z'), TAIPEI)?.seq).toBe(1);
    expect(slotAt(utc('2026-11-22T02:03:30Z'), TAIPEI)?.seq).toBe(2);
  });

  it('the 00:30 round belongs to the previous session day', () => {
    const s = slotAt(utc('2026-11-22T16:30:00Z'), TAIPEI); // 2026-11-23 00:30 local
    expect(s?.day).toBe('20261122');
    expect(s?.seq).toBe(249); // 14h30m = 52200 s after 10:00; floor(52200/210) + 1
    expect(s?.issue).toBe('20261122249');
    expect(platformDate(utc('2026-11-22T16:30:00Z'), TAIPEI.tz)).toBe('20261123'); // the turnover day has already changed
  });

  it('the last round (274) opens 01:55:30 and draws 01:59:00; no round draws after 02:00', () => {
    const last = slotByIssue('20261122274', TAIPEI);
    expect(last?.openAt).toBe(utc('2026-11-22T17:55:30Z'));
    expect(last?.drawAt).toBe(utc('2026-11-22T17:59:00Z'));
    expect(slotAt(utc('2026-11-22T17:58:59.999Z'), TAIPEI)?.issue).toBe('20261122274');
    expect(slotAt(utc('2026-11-22T17:59:00Z'), TAIPEI)).toBeNull();
    expect(slotByIssue('20261122275', TAIPEI)).toBeNull();
  });

  it.each(['2026-11-22T18:00:00Z', '2026-11-22T20:00:00Z', '2026-11-23T01:59:59.999Z'])('%s (02:00-10:00 local) is closed', (iso) => {
    expect(slotAt(utc(iso), TAIPEI)).toBeNull();
  });

  it('while closed, the next round is 001 of the next session at 10:00', () => {
    expect(nextSlotAfter(utc('2026-11-22T19:00:00Z'), TAIPEI).issue).toBe('20261123001');
    expect(nextSlotAfter(utc('2026-11-22T19:00:00Z'), TAIPEI).openAt).toBe(utc('2026-11-23T02:00:00Z'));
  });

  it('while open, the next round is the successor; after the last round it is the next session 001', () => {
    expect(nextSlotAfter(utc('2026-11-22T02:00:00Z'), TAIPEI).issue).toBe('20261122002');
    expect(nextSlotAfter(utc('2026-11-22T17:56:00Z'), TAIPEI).issue).toBe('20261123001');
  });

  it.each(['20261122000', '2026112200', '202611220001', '20261322001', '20260230001', 'x0261122001', '', '-20261122001'])(
    'slotByIssue(%p) is null',
    (issue) => {
      expect(slotByIssue(issue, TAIPEI)).toBeNull();
    },
  );

  it('slotsBetween lists a whole session day and stops at the cap', () => {
    const all = slotsBetween(utc('2026-11-22T00:00:00Z'), utc('2026-11-23T00:00:00Z'), TAIPEI);
    expect(all).toHaveLength(274);
    expect(all[0]?.issue).toBe('20261122001');
    expect(all[273]?.issue).toBe('20261122274');
    expect(slotsBetween(utc('2026-11-22T00:00:00Z'), utc('2026-11-30T00:00:00Z'), TAIPEI, 10)).toHaveLength(10);
    expect(slotsBetween(utc('2026-11-22T00:00:00Z'), utc('2026-11-30T00:00:00Z'), TAIPEI)).toHaveLength(274 * 8);
  });

  it('slotsBetween is half-open: [from, to)', () => {
    const from = utc('2026-11-22T02:03:30Z');
    const list = slotsBetween(from, from + 210_000, TAIPEI);
    expect(list.map((s) => s.seq)).toEqual([2]);
    expect(slotsBetween(from + 1, from + 210_000, TAIPEI)).toEqual([]);
    expect(slotsBetween(from, from, TAIPEI)).toEqual([]);
  });
});

describe("schedule: 'always' with 12 s rounds", () => {
  it('has 7200 rounds per day and a 4-digit sequence', () => {
    expect(sessionOf('20261122', TAIPEI_ALWAYS_12)?.rounds).toBe(7200);
    expect(issueWidth(TAIPEI_ALWAYS_12)).toBe(4);
  });

  it('the first round opens at local midnight as 0001 and the last as 7200 at 23:59:48', () => {
    expect(slotAt(utc('2026-11-21T16:00:00Z'), TAIPEI_ALWAYS_12)?.issue).toBe('202611220001');
    const last = slotAt(utc('2026-11-22T15:59:59Z'), TAIPEI_ALWAYS_12);
    expect(last?.issue).toBe('202611227200');
    expect(last?.openAt).toBe(utc('2026-11-22T15:59:48Z'));
    expect(nextSlotAfter(utc('2026-11-22T15:59:59Z'), TAIPEI_ALWAYS_12).issue).toBe('202611230001');
  });

  it('slotsBetween over one day yields 7200 contiguous rounds', () => {
    const all = slotsBetween(utc('2026-11-21T16:00:00Z'), utc('2026-11-22T16:00:00Z'), TAIPEI_ALWAYS_12);
    expect(all).toHaveLength(7200);
    expect(all.slice(1).filter((s, i) => s.openAt !== all[i]!.drawAt)).toEqual([]);
  });
});

describe('schedule across DST changes', () => {
  it('New York, always, 60 s: width 4; 1440 rounds normally, 1380 on spring-forward, 1500 on fall-back', () => {
    expect(maxRoundsPerSession(NY_ALWAYS_60)).toBe(1500);
    expect(issueWidth(NY_ALWAYS_60)).toBe(4);
    expect(sessionOf('20260307', NY_ALWAYS_60)?.rounds).toBe(1440);
    expect(sessionOf('20260308', NY_ALWAYS_60)?.rounds).toBe(1380);
    expect(sessionOf('20261101', NY_ALWAYS_60)?.rounds).toBe(1500);
    expect(slotByIssue('202603081380', NY_ALWAYS_60)).not.toBeNull();
    expect(slotByIssue('202603081381', NY_ALWAYS_60)).toBeNull();
    expect(slotByIssue('202611011500', NY_ALWAYS_60)?.drawAt).toBe(utc('2026-11-02T05:00:00Z'));
  });

  it('New York: rounds run straight through the spring-forward hour with no gap or overlap', () => {
    const list = slotsBetween(utc('2026-03-08T06:00:00Z'), utc('2026-03-08T08:00:00Z'), NY_ALWAYS_60);
    expect(list).toHaveLength(120);
    list.slice(1).forEach((s, i) => expect(s.openAt).toBe(list[i]!.drawAt));
    // 01:59 EST is round 120; the next local minute is 03:00 EDT, round 121
    expect(slotAt(utc('2026-03-08T06:59:00Z'), NY_ALWAYS_60)?.seq).toBe(120);
    expect(slotAt(utc('2026-03-08T07:00:00Z'), NY_ALWAYS_60)?.seq).toBe(121);
  });

  it('New York: the repeated 01:00-02:00 hour on fall-back day gets rounds of its own', () => {
    expect(slotAt(utc('2026-11-01T05:30:00Z'), NY_ALWAYS_60)?.seq).toBe(91); // 01:30 EDT
    expect(slotAt(utc('2026-11-01T06:30:00Z'), NY_ALWAYS_60)?.seq).toBe(151); // 01:30 EST
  });

  it('New York 01:00-04:00 window: 2 hours on spring-forward day, 4 on fall-back day', () => {
    expect(sessionOf('20260308', NY_NIGHT)?.rounds).toBe(24);
    expect(sessionOf('20261101', NY_NIGHT)?.rounds).toBe(48);
    expect(sessionOf('20260310', NY_NIGHT)?.rounds).toBe(36);
  });

  it('London 10:00-02:00: 257 rounds on the night clocks go forward, 291 on the night they go back', () => {
    expect(sessionOf('20260327', LONDON)?.rounds).toBe(274);
    expect(sessionOf('20260328', LONDON)?.rounds).toBe(257); // 10:00 GMT to 02:00 BST = 15 h
    expect(sessionOf('20261024', LONDON)?.rounds).toBe(291); // 10:00 BST to 02:00 GMT = 17 h
    expect(issueWidth(LONDON)).toBe(3);
    expect(slotByIssue('20261024291', LONDON)?.drawAt).toBeLessThanOrEqual(utc('2026-10-25T02:00:00Z'));
  });
});

describe('schedule properties', () => {
  const configs = fc.constantFrom(TAIPEI, TAIPEI_ALWAYS_12, NY_ALWAYS_60, LONDON, NY_NIGHT, {
    tz: 'Australia/Sydney',
    openHours: { start: 1380, end: 1380 },
    roundSeconds: 333,
    betCloseSeconds: 33,
  } satisfies ScheduleConfig);
  const instant = fc.integer({ min: utc('2024-01-01T00:00:00Z'), max: utc('2030-12-31T00:00:00Z') });

  it('slotAt(now) contains now, and its issue round-trips through slotByIssue', () => {
    fc.assert(
      fc.property(instant, configs, (now, cfg) => {
        const s = slotAt(now, cfg);
        if (s === null) return;
        expect(s.openAt).toBeLessThanOrEqual(now);
        expect(now).toBeLessThan(s.drawAt);
        expect(s.closeAt).toBe(s.drawAt - cfg.betCloseSeconds * 1000);
        expect(s.drawAt - s.openAt).toBe(cfg.roundSeconds * 1000);
        expect(s.issue).toHaveLength(8 + issueWidth(cfg));
        expect(slotByIssue(s.issue, cfg)).toEqual(s);
      }),
      { numRuns: 300 },
    );
  });

  it('nextSlotAfter(now) opens after now, and nothing opens in between', () => {
    fc.assert(
      fc.property(instant, configs, (now, cfg) => {
        const next = nextSlotAfter(now, cfg);
        expect(next.openAt).toBeGreaterThan(now);
        expect(slotsBetween(now + 1, next.openAt, cfg)).toEqual([]);
        expect(slotByIssue(next.issue, cfg)).toEqual(next);
        const cur = slotAt(now, cfg);
        if (cur !== null && cur.seq < (sessionOf(cur.day, cfg)?.rounds ?? 0)) expect(next.openAt).toBe(cur.drawAt);
        if (cur === null) expect(slotAt(next.openAt - 1, cfg)).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it('issues strictly increase with openAt', () => {
    fc.assert(
      fc.property(instant, instant, configs, (a, b, cfg) => {
        const sa = nextSlotAfter(a, cfg);
        const sb = nextSlotAfter(b, cfg);
        if (sa.openAt < sb.openAt) expect(sa.issue < sb.issue).toBe(true);
        if (sa.openAt > sb.openAt) expect(sa.issue > sb.issue).toBe(true);
        if (sa.openAt === sb.openAt) expect(sa.issue).toBe(sb.issue);
      }),
      { numRuns: 300 },
    );
  });

  it('slotsBetween returns ordered, non-overlapping rounds, each equal to slotAt at its open instant', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 2 * 86_400_000 }), configs, (from, len, cfg) => {
        const list = slotsBetween(from, from + len, cfg, 20_000);
        const bad = list.filter((s, i) => {
          const prev = list[i - 1];
          const inRange = s.openAt >= from && s.openAt < from + len;
          return !inRange || (prev !== undefined && (s.openAt < prev.drawAt || !(s.issue > prev.issue)));
        });
        expect(bad).toEqual([]);
        const first = list[0];
        if (first !== undefined) expect(slotAt(first.openAt, cfg)).toEqual(first);
      }),
      { numRuns: 100 },
    );
  });

  it('a session day is the local date of its first round', () => {
    fc.assert(
      fc.property(instant, configs, (now, cfg) => {
        const s = slotAt(now, cfg);
        if (s === null) return;
        const first = slotByIssue(`${s.day}${'1'.padStart(issueWidth(cfg), '0')}`, cfg);
        expect(first).not.toBeNull();
        expect(platformDate(first!.openAt, cfg.tz)).toBe(s.day);
      }),
      { numRuns: 200 },
    );
  });
});

describe('issueBefore (the order of rounds by issue)', () => {
  it('orders issues of one width as text, across days; issues of another width are not ordered', () => {
    expect(issueBefore('20261124002', '20261124010')).toBe(true);
    expect(issueBefore('20261124999', '20261125001')).toBe(true);
    expect(issueBefore('20261124010', '20261124010')).toBe(false);
    expect(issueBefore('20261125001', '20261124999')).toBe(false);
    expect([issueBefore('202611240005', '20261125001'), issueBefore('20261125001', '202611240005')]).toEqual([false, false]);
  });
});
