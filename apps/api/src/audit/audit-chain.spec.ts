import { createHash } from 'node:crypto';
import { AuditChainWalker, auditRowHash, GENESIS_HASH, type StoredAuditRow } from './audit-chain';
import { redact } from './audit.types';
import { canonicalJson, toJsonValue } from '../common/canonical-json';

describe('canonical JSON', () => {
  it.each([
    ['sorted keys at every depth', { b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } }, '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}'],
    ['undefined members dropped', { a: undefined, b: 'x' }, '{"b":"x"}'],
    ['strings escaped as JSON', { s: 'a"b\n' }, '{"s":"a\\"b\\n"}'],
    ['null and booleans', [null, true, false], '[null,true,false]'],
  ])('writes %s', (_name, value, text) => {
    expect(canonicalJson(value)).toBe(text);
  });

  it('refuses what is not JSON', () => {
    expect(() => canonicalJson(Number.NaN)).toThrow(TypeError);
    expect(() => canonicalJson(1n)).toThrow(TypeError);
  });

  it('hashes a value the same after a trip through a JSON text column', () => {
    const v = { when: new Date(0), n: 1.94, nested: { b: 2, a: 1 }, gone: undefined };
    expect(canonicalJson(toJsonValue(v))).toBe(canonicalJson(JSON.parse(JSON.stringify(toJsonValue(v)))));
  });
});

function chain(n: number): StoredAuditRow[] {
  const rows: StoredAuditRow[] = [];
  let prev = GENESIS_HASH;
  for (let i = 1; i <= n; i++) {
    const fields = {
      staff_id: 1,
      staff_username: 'admin',
      staff_role: 'superadmin',
      action: 'banner.update',
      target_type: 'banner',
      target_id: String(i),
      before: { title: `t${i}` },
      after: { title: `t${i}!` },
      reason: '',
      ip: '127.0.0.1',
      created_at: 1_700_000_000_000 + i,
    };
    const hash = auditRowHash(prev, fields);
    rows.push({ id: i, ...fields, prev_hash: prev, hash });
    prev = hash;
  }
  return rows;
}

describe('audit hash chain', () => {
  it('is SHA-256(prev_hash + canonical JSON of the fields), starting from 64 zeros', () => {
    const [first] = chain(1);
    expect(first?.prev_hash).toBe('0'.repeat(64));
    const { id: _id, prev_hash: _p, hash, ...fields } = first as StoredAuditRow;
    expect(hash).toBe(
      createHash('sha256')
        .update(GENESIS_HASH + canonicalJson(fields))
        .digest('hex'),
    );
  });

  it('walks an intact chain in batches', () => {
    const rows = chain(10);
    const w = new AuditChainWalker();
    expect(w.feed(rows.slice(0, 4))).toBeNull();
    expect(w.feed(rows.slice(4))).toBeNull();
    expect(w.rows).toBe(10);
  });

  it('finds an edited row at that row, a rehashed one at the next, a removed one at its successor', () => {
    const edited = chain(6);
    (edited[2] as StoredAuditRow).reason = 'forged';
    expect(new AuditChainWalker().feed(edited)).toEqual({ id: 3, reason: 'hash' });

    const rehashed = chain(6);
    const r = rehashed[2] as StoredAuditRow;
    r.after = { title: 'forged' };
    r.hash = auditRowHash(r.prev_hash, r);
    expect(new AuditChainWalker().feed(rehashed)).toEqual({ id: 4, reason: 'prev_hash' });

    const gap = chain(6);
    gap.splice(3, 1);
    expect(new AuditChainWalker().feed(gap)).toEqual({ id: 5, reason: 'prev_hash' });
  });
});

describe('audit snapshots', () => {
  it('never carry passwords, tokens, TOTP secrets or seeds, at any depth', () => {
    const out = redact({
      username: 'a',
      password: 'p',
      password_hash: 'h',
      nested: { token: 't', token_hash: 'th', totp_secret: 's', keep: 1, list: [{ seed_hex: 'x', temporary_password: 'y', ok: true }] },
      must_change_password: true,
    });
    expect(out).toEqual({ username: 'a', nested: { keep: 1, list: [{ ok: true }] }, must_change_password: true });
  });
});
