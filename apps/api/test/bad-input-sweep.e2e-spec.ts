import { writeFileSync } from 'node:fs';
import { ALL_EXTRA_CHECKS } from '../src/audit/invariant-checker.service';
import { runLedgerCheck } from '../src/ledger/ledger-check';
import { adminToken, createConsoleApp } from './console-fixtures';
import { appRoutes, dtoFields, type AppRoute, type DtoField } from './factories/routes';
import { PLAYER_CALLS } from './factories/player-calls';
import { testLimitMs } from './factories/limits';
import { fundPlayer, registerPlayer, type TestApp } from './factories/test-app';

/**
 * The bad-input sweep (issue 8, T19/T20 of reliability.md): a corpus generated from every route Nest
 * serves (player and console) and every field its DTO declares, sent as JSON and as form bodies:
 * deep nesting, Object.prototype keys, invalid UTF-8, wrong types, huge and fractional numbers,
 * markup, control and bidi characters. Figures are printed; the assertions are 0 answers 5xx, 0
 * structurally bad inputs accepted (nothing written by them), no stored markup that could run, and a
 * clean ledger afterwards. `SWEEP_MIN` (default 20000) is the corpus size the test insists on.
 */

const MIN_CORPUS = Number(process.env['SWEEP_MIN'] ?? 20_000);
const PROTO_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
];
const DEPTHS = [33, 64, 500, 5000];

/** Values that are never a valid value of a field of that kind. */
const WRONG: Record<DtoField['kind'], unknown[]> = {
  int: ['abc', 1.5, -1, -0.5, 1e-7, '1e3', '0x10', '١٢', 2 ** 53, 2 ** 63, 1e308, '1e308', 'NaN', 'Infinity', {}, [], [1], true, { $gt: 0 }],
  string: [{}, [], [1, 2], 12345, 1.5, true, { toString: 'x' }, { length: 3 }, 'x'.repeat(20 * 1024)],
  bool: ['maybe', 2, -1, {}, [], 'yes please', 1.5],
  enum: ['no_such_value', 999999, -1, {}, [], true, 1.5, 'x'.repeat(300)],
  raw: [{}, [], true, -1, -0.01, 0.001, '10.005', '1e3', '0x10', 'NaN', 'Infinity', 2 ** 53, 2 ** 63, 1e308, '9'.repeat(40), '1,000', ' 10', '１０'],
  other: [{ $ne: null }, [[[[[]]]]], 'x'.repeat(20 * 1024)],
};
/** Hostile but possibly legitimate text: it may be accepted, but nothing 5xx and nothing stored may run. */
const HOSTILE_TEXT = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '<iframe src="https://evil.example"></iframe>',
  '\u202etxt.exe',
  '\u200b\u200b',
  'a\u0000b',
  'a\u0007b\u001b[31m',
  '\ud800',
  "' OR 1=1; DROP TABLE users; --",
  '{{constructor.constructor("x")()}}',
  '../../etc/passwd',
  '%00%0d%0a',
];

interface Probe {
  route: string;
  name: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** structurally bad: must be refused */
  mustRefuse: boolean;
}

function concrete(path: string): string {
  if (path.includes('/settings/')) return path.replace(':id', 'no_such_setting');
  return path.replace(/:[A-Za-z_]+/g, '987654');
}

function nested(depth: number, leaf = '1'): string {
  return '{"a":'.repeat(depth) + leaf + '}'.repeat(depth);
}

/** Form encoding that keeps lone surrogates as the bytes a client would send (encodeURIComponent throws on them). */
function enc(s: string): string {
  return [...Buffer.from(s, 'utf8')]
    .map((b) => (/[A-Za-z0-9_.~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0')}`))
    .join('');
}

/** The body with one field's value replaced by raw JSON text (nesting that JSON.stringify would refuse to build). */
function withRaw(base: Record<string, unknown>, field: string, raw: string): string {
  return JSON.stringify({ ...base, [field]: '\u0000SENTINEL' }).replace('"\\u0000SENTINEL"', raw);
}

function form(o: Record<string, unknown>): string {
  return Object.entries(o)
    .map(([k, v]) => `${enc(k)}=${enc(typeof v === 'string' ? v : JSON.stringify(v))}`)
    .join('&');
}

function probesFor(r: AppRoute, base: Record<string, unknown>, auth: Record<string, string>): Probe[] {
  const out: Probe[] = [];
  const url = concrete(r.path);
  const key = `${r.method.toUpperCase()} ${r.path}`;
  const json = { ...auth, 'content-type': 'application/json' };
  const formType = { ...auth, 'content-type': 'application/x-www-form-urlencoded' };
  const add = (name: string, headers: Record<string, string>, payload: string | Buffer | undefined, mustRefuse: boolean, u = url): void => {
    out.push({ route: key, name, method: r.method.toUpperCase(), url: u, headers, payload, mustRefuse });
  };
  if (r.method === 'post' || r.method === 'put') {
    const fields = dtoFields(r.bodyDto);
    const baseJson = JSON.stringify(base);
    // the body as a whole
    for (const d of DEPTHS) {
      add(`nested ${d} deep`, json, nested(d), true);
      add(`array nested ${d} deep`, json, '['.repeat(d) + ']'.repeat(d), true);
      if (fields[0]) add(`field nested ${d} deep`, json, withRaw(base, fields[0].name, nested(d)), true);
    }
    add('a JSON array', json, `[${baseJson}]`, true);
    add('a JSON string', json, '"hello"', true);
    add('a JSON number', json, '12', true);
    add('malformed JSON', json, '{"a": ', true);
    add('invalid UTF-8 in JSON', json, Buffer.concat([Buffer.from('{"x":"'), Buffer.from([0xff, 0xfe, 0xc3, 0x28]), Buffer.from('"}')]), true);
    add('invalid UTF-8 in a form', formType, Buffer.concat([Buffer.from('x='), Buffer.from([0xff, 0xfe, 0xc3, 0x28])]), true);
    add('a wrong content type', { ...auth, 'content-type': 'text/xml' }, '<x/>', true);
    for (const k of PROTO_KEYS) {
      add(`JSON key ${k}`, json, JSON.stringify({ ...base }).replace(/^\{/, `{"${k}":{"admin":true,"polluted":1}${baseJson === '{}' ? '' : ','}`), true);
      add(`JSON key ${k} as a string`, json, JSON.stringify({ ...base }).replace(/^\{/, `{"${k}":"x"${baseJson === '{}' ? '' : ','}`), true);
      add(`form key ${k}`, formType, `${form(base)}${baseJson === '{}' ? '' : '&'}${enc(k)}=x`, true);
      add(`form key ${k}[polluted]`, formType, `${form(base)}${baseJson === '{}' ? '' : '&'}${enc(`${k}[polluted]`)}=1`, true);
    }
    for (const f of fields) {
      for (const bad of WRONG[f.kind]) {
        add(`${f.name} = ${JSON.stringify(bad)?.slice(0, 24)}`, json, JSON.stringify({ ...base, [f.name]: bad }), true);
        // the same in other languages: messages are built per locale
        for (const lang of ['jp', 'kor'])
          add(`${f.name} = ${JSON.stringify(bad)?.slice(0, 24)} (${lang})`, { ...json, 'x-lang': lang }, JSON.stringify({ ...base, [f.name]: bad }), true);
        // Form bodies carry text only: an object or array becomes bracketed keys, a scalar its text.
        if (typeof bad === 'object' && bad !== null)
          add(`${f.name} = ${JSON.stringify(bad)?.slice(0, 24)} (form)`, formType, `${form(base)}&${enc(`${f.name}[x]`)}=1`, true);
        else if (typeof bad === 'string' && f.kind !== 'string')
          add(`${f.name} = ${bad.slice(0, 24)} (form)`, formType, form({ ...base, [f.name]: bad }), true);
      }
      // Nesting and prototype keys inside the field's own value.
      for (const d of [33, 5000]) add(`${f.name} nested ${d} deep`, json, withRaw(base, f.name, nested(d)), true);
      for (const k of PROTO_KEYS) add(`${f.name} holding key ${k}`, json, withRaw(base, f.name, `{"${k}":{"polluted":1}}`), true);
      add(`${f.name} twice (form)`, formType, `${form(base)}&${enc(f.name)}=1&${enc(f.name)}=2`, true);
      if (f.kind === 'string' || f.kind === 'raw' || f.kind === 'other') {
        for (const text of HOSTILE_TEXT) {
          add(`${f.name} hostile ${JSON.stringify(text).slice(0, 16)}`, json, JSON.stringify({ ...base, [f.name]: text }), false);
          add(`${f.name} hostile ${JSON.stringify(text).slice(0, 16)} (form)`, formType, form({ ...base, [f.name]: text }), false);
        }
      }
    }
  } else if (r.queryDto) {
    const fields = dtoFields(r.queryDto);
    for (const k of PROTO_KEYS) add(`query key ${k}`, auth, undefined, true, `${url}?${enc(k)}=1`);
    add('query nested', auth, undefined, true, `${url}?a[b][c][d]=1`);
    for (const f of fields) {
      for (const bad of [
        '{"__proto__":{"x":1}}',
        nested(5000),
        '[0,1e308]',
        '["id; DROP TABLE users","ASC"]',
        '%ff%fe',
        '[',
        '{}',
        '[[[[]]]]',
        'x'.repeat(5000),
      ]) {
        add(`query ${f.name} = ${bad.slice(0, 20)}`, auth, undefined, false, `${url}?${f.name}=${bad.startsWith('%') ? bad : enc(bad)}`);
      }
    }
  }
  return out;
}

function parseBody(text: string): { code?: number } {
  try {
    return JSON.parse(text) as { code?: number };
  } catch {
    return {};
  }
}

const MONEY_TABLES = ['users', 'ledger_transactions', 'ledger_entries', 'capital_logs', 'bets', 'pay_infos', 'idempotency_keys', 'staff'];

describe('bad-input sweep: a generated corpus over every player and console route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createConsoleApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function fingerprint(): Promise<string> {
    const parts: string[] = [];
    for (const table of MONEY_TABLES) parts.push(`${table}=${String(((await t.ds.query(`SELECT COUNT(*) AS n FROM ${table}`)) as { n: number }[])[0]?.n)}`);
    parts.push(JSON.stringify(await t.ds.query('SELECT id, money_minor, lock_money_minor, group_id, status FROM users ORDER BY id')));
    return parts.join(';');
  }

  it(
    'answers 0 5xx, accepts 0 structurally bad inputs, stores nothing that runs, and leaves the ledger clean',
    async () => {
      const player = await registerPlayer(t);
      await fundPlayer(t, player.userId, 1_000_000);
      let playerToken = player.token;
      let staffToken = await adminToken(t);
      const playerBase = new Map(PLAYER_CALLS.map((c) => [c.path, c.body]));
      const routes = appRoutes(t).filter((r) => r.path.startsWith('/index.php') || r.path.startsWith('/admin-api'));
      // Signing out spends the session the rest of the sweep uses: those go last.
      routes.sort((a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')));

      const server = t.app.getHttpAdapter().getInstance() as {
        inject: (o: {
          method: string;
          url: string;
          headers: Record<string, string>;
          payload?: string | Buffer;
        }) => Promise<{ statusCode: number; body: string }>;
      };
      let sent = 0;
      let refused = 0;
      let hostileAccepted = 0;
      const fivexx: string[] = [];
      const accepted: string[] = [];
      const perRoute = new Map<string, number>();
      for (const r of routes) {
        const isPlayer = r.path.startsWith('/index.php');
        const auth = (): Record<string, string> => (isPlayer ? { token: playerToken } : { authorization: `Bearer ${staffToken}`, 'x-lang': 'en' });
        const probes = probesFor(r, isPlayer ? (playerBase.get(r.path) ?? {}) : {}, auth());
        // Structurally bad inputs first, each batch fingerprinted: they must change nothing.
        for (const group of [probes.filter((p) => p.mustRefuse), probes.filter((p) => !p.mustRefuse)]) {
          const before = group[0]?.mustRefuse ? await fingerprint() : '';
          for (const p of group) {
            const lang = p.headers['x-lang'];
            p.headers = { ...p.headers, ...auth(), ...(lang !== undefined ? { 'x-lang': lang } : {}) };
            const res = await server.inject({ method: p.method, url: p.url, headers: p.headers, payload: p.payload });
            sent++;
            if (process.env['SWEEP_PROGRESS'] && sent % 1000 === 0)
              process.stderr.write(`sweep: ${sent} sent, ${fivexx.length} 5xx, ${accepted.length} accepted\n`);
            perRoute.set(p.route, (perRoute.get(p.route) ?? 0) + 1);
            const body = parseBody(res.body);
            const ok = isPlayer ? res.statusCode === 200 && body.code === 1 : res.statusCode >= 200 && res.statusCode < 300;
            if (res.statusCode >= 500) fivexx.push(`${p.route} ${p.name}: ${res.statusCode} ${res.body.slice(0, 160)}`);
            else if (ok && p.mustRefuse && p.method !== 'GET') accepted.push(`${p.route} ${p.name}: ${res.body.slice(0, 160)}`);
            else if (ok) hostileAccepted++;
            else refused++;
            // A probe that ended the session (none should) is noted by the refusals after it; sign in again to go on.
            if (isPlayer && [50008, 50012, 50014].includes(body.code ?? 0)) playerToken = (await registerPlayer(t)).token;
            if (!isPlayer && res.statusCode === 401) staffToken = await adminToken(t);
          }
          if (group[0]?.mustRefuse) {
            const after = await fingerprint();
            if (after !== before) accepted.push(`${r.method.toUpperCase()} ${r.path}: a refused input changed the money tables`);
          }
        }
      }
      // Nothing stored may run when rendered: scan every text cell of every table.
      const tables = (await t.ds.query(
        t.ds.options.type === 'postgres'
          ? "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'"
          : "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
      )) as { name: string }[];
      const unsafe: string[] = [];
      for (const { name } of tables) {
        const rows = (await t.ds.query(`SELECT * FROM "${name}"`)) as Record<string, unknown>[];
        for (const row of rows) {
          for (const [col, v] of Object.entries(row)) {
            if (typeof v === 'string' && /<script|onerror\s*=|<iframe|javascript:/i.test(v)) unsafe.push(`${name}.${col}: ${v.slice(0, 80)}`);
          }
        }
      }
      const ledger = await runLedgerCheck(t.ds, ALL_EXTRA_CHECKS);
      const violations = ledger.checks.reduce((n, c) => n + c.violations, 0);
      console.log(
        `bad-input sweep: ${sent} requests over ${perRoute.size} routes (${routes.filter((r) => r.path.startsWith('/index.php')).length} player, ` +
          `${routes.filter((r) => r.path.startsWith('/admin-api')).length} console); refused ${refused}, hostile text accepted ${hostileAccepted}, ` +
          `5xx ${fivexx.length}, bad inputs accepted ${accepted.length}, stored unsafe markup ${unsafe.length}, ledger violations ${violations}`,
      );
      const report = process.env['SWEEP_REPORT'];
      if (report) writeFileSync(report, [...fivexx, '--- accepted', ...accepted, '--- unsafe', ...unsafe].join('\n'));
      expect(fivexx.slice(0, 20)).toEqual([]);
      expect(accepted.slice(0, 20)).toEqual([]);
      expect(unsafe.slice(0, 20)).toEqual([]);
      expect(violations).toBe(0);
      expect(sent).toBeGreaterThanOrEqual(MIN_CORPUS);
    },
    testLimitMs(4),
  );
});
