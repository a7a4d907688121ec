import type { Type } from '@nestjs/common';
import { LOCALES, translate, type Locale } from '@sum28/contracts';
import * as classValidator from 'class-validator';
import { ValidationTypes } from 'class-validator';
import { dtoFieldMeta } from './factories/routes';
import { routesUnder } from './console-fixtures';
import { PLAYER_CALLS, type CallSpec } from './factories/player-calls';
import { createTestApp, registerPlayer, type TestApp } from './factories/test-app';

/**
 * Issue 9 point 5: every field of every player call, sent a bad value in each of the five locales,
 * answers a human message: no validator name, no untranslated key or placeholder, and outside en no
 * English. The calls and their fields come from the routes Nest registered and the DTOs' validation
 * metadata, so a new call or field is walked without editing this file.
 */

const lowerFirst = (s: string): string => s.charAt(0).toLowerCase() + s.slice(1);
/** class-validator's check names (isLength, isIn, matches, min, ...) from its exports and ValidationTypes. */
const VALIDATOR_NAMES: readonly string[] = [
  ...new Set([
    ...Object.keys(classValidator)
      .filter((k) => /^[A-Z]/.test(k) && k !== 'ValidationTypes' && k !== 'ValidationError' && k !== 'Validator' && k !== 'ValidationSchema')
      .map(lowerFirst)
      .filter((k) => /[A-Z]/.test(k) || ['matches', 'min', 'max', 'length', 'equals'].includes(k)),
    ...Object.values(ValidationTypes as unknown as Record<string, unknown>).filter((v): v is string => typeof v === 'string'),
  ]),
];
const VALIDATOR_NAME = new RegExp(`\\b(${VALIDATOR_NAMES.join('|')})\\b`);

/** Values that no field accepts (an object, 300 characters), plus one per kind of check. */
function badValues(kinds: Set<string>): unknown[] {
  const out: unknown[] = [{ bad: 1 }, 'x'.repeat(300)];
  if (kinds.has('min')) out.push(-5);
  if (kinds.has('matches')) out.push('bad value!');
  if (kinds.has('isInt')) out.push('1.5');
  return out;
}

interface Problem {
  locale: Locale;
  field: string;
  value: string;
  msg: unknown;
  why: string;
}

describe('every player call answers bad input with a human, translated message', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await registerPlayer(t)).token;
  });
  afterAll(async () => {
    await t.close();
  });

  /** Every registered player route, with its valid request from player-calls.ts when it has one (else an empty one). */
  function routes(): Array<{ call: CallSpec; dto: Type | null }> {
    return routesUnder(t, 'index.php').map((r) => {
      const known = PLAYER_CALLS.find((c) => c.path === r.path && c.method.toLowerCase() === r.method);
      const method = r.method === 'get' ? 'GET' : 'POST';
      return { call: known ?? { path: r.path, method, auth: true, body: {}, fields: {}, required: [] }, dto: r.bodyDto ?? r.queryDto };
    });
  }

  it('walks every registered player route, at least those of player-calls.ts', () => {
    const walked = new Set(routes().map((r) => r.call.path));
    for (const c of PLAYER_CALLS) expect(walked).toContain(c.path);
  });

  it.each(LOCALES)('in %s: no validator name, no untranslated text', async (locale) => {
    const problems: Problem[] = [];
    let refused = 0;
    for (const { call, dto } of routes()) {
      if (dto === null) continue;
      for (const [field, { names: kinds }] of dtoFieldMeta(dto)) {
        // A bad `lang` text itself falls back to tw (an object there is skipped for the X-Lang header).
        const sends: Array<{ label: string; body: Record<string, unknown>; expect: Locale }> = badValues(kinds).map((v) => ({
          label: JSON.stringify(v).slice(0, 20),
          body: { ...call.body, lang: locale, [field]: v },
          expect: field === 'lang' && typeof v === 'string' ? 'tw' : locale,
        }));
        if (call.required.includes(field)) {
          const body: Record<string, unknown> = { ...call.body, lang: locale };
          delete body[field];
          sends.push({ label: 'missing', body, expect: locale });
        }
        for (const { label, body, expect: shown } of sends) {
          let req = call.method === 'GET' ? t.http().get(call.path) : t.http().post(call.path);
          req = req.set('X-Lang', locale);
          req = req.set('token', token);
          const res = await (call.method === 'GET'
            ? req.query(Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])))
            : req.send(body));
          const note = (why: string): void => void problems.push({ locale, field: `${call.path} ${field}`, value: label, msg: res.body?.msg, why });
          if (res.status >= 500) note(`HTTP ${res.status}`);
          if (res.body?.code === 1) {
            if (label !== 'missing' && call.method !== 'GET') note('accepted');
            continue;
          }
          refused++;
          const msg: unknown = res.body?.msg;
          const error: unknown = res.body?.error;
          if (typeof msg !== 'string' || msg.trim() === '') {
            note('no message');
            continue;
          }
          if (VALIDATOR_NAME.test(msg)) note(`validator name ${VALIDATOR_NAME.exec(msg)?.[0]}`);
          if (msg === error || /\{\{|\}\}/.test(msg)) note('untranslated key or placeholder');
          if (/[a-z]_[a-z]|[a-z][A-Z]/.test(msg)) note('a wire name in the message');
          if (typeof error === 'string') {
            const params = res.body.params as Record<string, string | number> | undefined;
            if (msg !== translate(shown, error, params)) note('not the message of its code in this locale');
            if (shown !== 'en' && msg === translate('en', error, params)) note('English message');
          }
          if (shown !== 'en' && /[A-Za-z]{3,}/.test(msg.replace(/\d{4}-\d{2}-\d{2}/g, ''))) note('Latin text outside en');
        }
      }
    }
    expect(problems).toEqual([]);
    expect(refused).toBeGreaterThan(100);
  });

  it('an unsupported lang falls back to tw instead of failing the call', async () => {
    for (const lang of ['fr', 'xx-YY', '']) {
      const res = await t.http().post('/index.php/api/user/login').send({ account: 'nobody_x', password: 'secret-pw-123', lang });
      expect(res.body.error).toBe('LOGIN_FAILED');
      expect(res.body.msg).toBe(translate('tw', 'LOGIN_FAILED'));
    }
    const ja = await t.http().post('/index.php/api/user/login').send({ account: 'nobody_x', password: 'secret-pw-123', lang: 'ja' });
    expect(ja.body.msg).toBe(translate('jp', 'LOGIN_FAILED'));
  });

  it('refusals read as "label: what it must be" ("Bank name: at most 64 characters")', async () => {
    const res = await t
      .http()
      .post('/index.php/api/user/setPayInfo')
      .set('token', token)
      .send({ type: 0, acc: 'Holder', acc_name: '6222020200112233', acc_bank: 'b'.repeat(65), lang: 'en' });
    expect(res.body.msg).toBe('Bank name: at most 64 characters');
    const holder = await t
      .http()
      .post('/index.php/api/user/setPayInfo')
      .set('token', token)
      .send({ type: 0, acc: 'h'.repeat(51), acc_name: '6222020200112233', acc_bank: 'Bank', lang: 'en' });
    expect(holder.body).toMatchObject({ error: 'PAY_INFO_INVALID', msg: 'Account holder or wallet address: 1-50 characters' });
  });
});
