import fc from 'fast-check';
import {
  DEFAULT_AVATARS,
  GROUP,
  INVITE_OFFSET,
  PASSWORD_RESET_HOLD_MS,
  PAY_TYPE,
  REGISTRABLE_GROUPS,
  WALLET_TYPES,
  codeCheckWindow,
  inviteCodeOf,
  inviterIdFromCode,
  isDefaultAvatar,
  isGroupId,
  isRegistrableGroup,
  isResetHoldActive,
  isSecurityCode,
  maskAccount,
  maskName,
  resetHoldUntil,
  validatePassword,
  validatePayInfo,
  validatePayNote,
  validateSecurityCodeChange,
  validateUsername,
  usernameKey,
  validateNickname,
  validateMobile,
  maskPayDetails,
  NICKNAME_MAX,
  type SecurityCodeChange,
} from './account-rules';

describe('groups', () => {
  it('1 normal, 2 visitor, 3 agent; players may register as 1 or 2', () => {
    expect(GROUP).toEqual({ NORMAL: 1, VISITOR: 2, AGENT: 3 });
    expect(REGISTRABLE_GROUPS).toEqual([1, 2]);
    expect([1, 2, 3, 4, '1'].map(isGroupId)).toEqual([true, true, true, false, false]);
    expect([1, 2, 3].map(isRegistrableGroup)).toEqual([true, true, false]);
  });
});

describe('invite codes', () => {
  it.each<[number, string]>([
    [1, '100001'],
    [42, '100042'],
    [900000, '1000000'],
  ])('user %i has invite code %s', (id, code) => {
    expect(inviteCodeOf(id)).toBe(code);
    expect(inviterIdFromCode(code)).toEqual({ ok: true, value: id });
  });

  it.each<[unknown]>([
    ['100000'],
    ['99999'],
    ['0'],
    [''],
    ['abc'],
    ['100001 '],
    ['1e6'],
    ['-100001'],
    [100000],
    [100001.5],
    [null],
    [undefined],
    ['9'.repeat(16)],
  ])('%p is INVITE_CODE_INVALID', (code) => {
    expect(inviterIdFromCode(code)).toEqual({ ok: false, error: 'INVITE_CODE_INVALID' });
  });

  it('a numeric code is accepted as a number too', () => {
    expect(inviterIdFromCode(100001)).toEqual({ ok: true, value: 1 });
  });

  it.each([0, -1, 1.5, NaN])('inviteCodeOf(%p) throws', (id) => {
    expect(() => inviteCodeOf(id)).toThrow(RangeError);
  });

  it('property: inviterIdFromCode(inviteCodeOf(id)) = id', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 1e12 }), (id) => expect(inviterIdFromCode(inviteCodeOf(id))).toEqual({ ok: true, value: id })));
    expect(INVITE_OFFSET).toBe(100000);
  });
});

describe('validateUsername', () => {
  it.each(['abcd', 'a_b1', 'Player_2026', 'a'.repeat(20), 'Z999'])('%p is valid', (u) => {
    expect(validateUsername(u)).toEqual({ ok: true, value: u });
  });
  it.each<[unknown]>([['abc'], ['a'.repeat(21)], ['1abc'], ['_abc'], ['ab cd'], ['abcé'], ['ab-cd'], [''], [null], [1234]])('%p is USERNAME_INVALID', (u) => {
    expect(validateUsername(u)).toMatchObject({ ok: false, error: 'USERNAME_INVALID' });
  });
});

describe('validatePassword', () => {
  it.each(['abc123', 'a'.repeat(31) + 'b', 'pass word', '密碼密碼密碼1'])('%p is valid', (p) => {
    expect(validatePassword(p)).toEqual({ ok: true, value: p });
  });
  it.each<[unknown]>([['abc12'], ['a'.repeat(32) + 'b'], ['aaaaaa'], ['111111'], ['abc\n123'], [''], [null], [123456]])('%p is PASSWORD_INVALID', (p) => {
    expect(validatePassword(p)).toMatchObject({ ok: false, error: 'PASSWORD_INVALID' });
  });
});

describe('security code', () => {
  it.each<[unknown, boolean]>([
    ['123456', true],
    ['000000', true],
    ['12345', false],
    ['1234567', false],
    ['12345a', false],
    ['１２３４５６', false],
    [123456, false],
  ])('isSecurityCode(%p) is %p', (s, expected) => expect(isSecurityCode(s)).toBe(expected));

  const first: SecurityCodeChange = { hasExisting: false, oldCode: undefined, newCode: '123456', oldCodeCorrect: false, equalsLoginPassword: false };
  const change: SecurityCodeChange = {
    hasExisting: true,
    oldCode: '111111',
    newCode: '123456',
    confirmCode: '123456',
    oldCodeCorrect: true,
    equalsLoginPassword: false,
  };

  it('sets a first code without an old one', () => {
    expect(validateSecurityCodeChange(first)).toEqual({ ok: true, value: '123456' });
  });

  it('changes a code with the correct old one', () => {
    expect(validateSecurityCodeChange(change)).toEqual({ ok: true, value: '123456' });
  });

  it.each<[string, SecurityCodeChange, string]>([
    ['a first code of 5 digits', { ...first, newCode: '12345' }, 'SECURITY_CODE_INVALID'],
    ['a first code equal to the login password', { ...first, equalsLoginPassword: true }, 'SECURITY_CODE_SAME_AS_PASSWORD'],
    ['a change without the old code', { ...change, oldCode: '' }, 'SECURITY_CODE_OLD_REQUIRED'],
    ['a change with the old code missing and a bad new one', { ...change, oldCode: undefined, newCode: 'x' }, 'SECURITY_CODE_OLD_REQUIRED'],
    ['a change to a malformed code', { ...change, newCode: '12 456' }, 'SECURITY_CODE_INVALID'],
    ['a confirmation that differs', { ...change, confirmCode: '123457' }, 'SECURITY_CODE_MISMATCH'],
    ['a wrong old code', { ...change, oldCodeCorrect: false }, 'SECURITY_CODE_WRONG'],
    ['a new code equal to the login password', { ...change, equalsLoginPassword: true }, 'SECURITY_CODE_SAME_AS_PASSWORD'],
  ])('refuses %s', (_name, input, code) => {
    expect(validateSecurityCodeChange(input)).toMatchObject({ ok: false, error: code });
  });
});

describe('masking', () => {
  it.each<[string, string]>([
    ['abcdef9', 'ab***9'],
    ['abcde', 'ab***e'],
    ['abcd', 'a***d'],
    ['abc', 'a***c'],
    ['ab', 'a***'],
    ['a', 'a***'],
    ['', '***'],
    ['王小明明', '王***明'],
  ])('maskName(%p) is %p', (name, masked) => expect(maskName(name)).toBe(masked));

  it('property: a masked name never reveals more than 3 characters and never the whole name', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 30 }), (name) => {
        const masked = maskName(name);
        expect(masked).toContain('***');
        expect(Array.from(masked.replace('***', '')).length).toBeLessThanOrEqual(Math.min(3, Math.max(1, Array.from(name).length - 1)));
      }),
    );
  });

  it.each<[string, string]>([
    ['12341234', '****1234'],
    ['6222021234567890123', '***************0123'],
    ['TXYZabcdefghijklmnopqrstu', '*********************rstu'],
    ['1234', '1234'],
    ['', ''],
  ])('maskAccount(%p) is %p', (acc, masked) => expect(maskAccount(acc)).toBe(masked));
});

describe('validatePayInfo', () => {
  const card = { type: 0, acc: 'Chen Da Wen', accName: '6222 0212 3456 7890', accBank: 'Bank of Taiwan' };
  const wallet = { type: 1, acc: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', accName: 'TRC20', accBank: '' };

  it('accepts a bank card and strips spaces from the card number', () => {
    expect(validatePayInfo(card)).toEqual({ ok: true, value: { type: 0, acc: 'Chen Da Wen', accName: '6222021234567890', accBank: 'Bank of Taiwan' } });
  });

  it('accepts a USDT wallet and normalises its type', () => {
    expect(validatePayInfo(wallet)).toEqual({ ok: true, value: { type: 1, acc: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', accName: 'trc20', accBank: '' } });
    expect(WALLET_TYPES).toEqual(['trc20', 'erc20', 'omni']);
    expect(PAY_TYPE).toEqual({ BANK_CARD: 0, WALLET: 1 });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an empty holder', { ...card, acc: '  ' }, 'PAY_INFO_INVALID'],
    ['a 51-character holder', { ...card, acc: 'x'.repeat(51) }, 'PAY_INFO_INVALID'],
    ['a card number with letters', { ...card, accName: '6222abc1234' }, 'CARD_NUMBER_INVALID'],
    ['a 7-digit card number', { ...card, accName: '1234567' }, 'CARD_NUMBER_INVALID'],
    ['a 31-digit card number', { ...card, accName: '1'.repeat(31) }, 'CARD_NUMBER_INVALID'],
    ['no bank name', { ...card, accBank: '' }, 'PAY_INFO_INVALID'],
    ['a missing bank name', { ...card, accBank: undefined }, 'PAY_INFO_INVALID'],
    ['a short wallet address', { ...wallet, acc: 'T123' }, 'PAY_INFO_INVALID'],
    ['a wallet address with symbols', { ...wallet, acc: 'TQn9Y2khEsLJW1ChVWFM-MeRDow5KcbLSE' }, 'PAY_INFO_INVALID'],
    ['an unknown wallet type', { ...wallet, accName: 'bep20' }, 'WALLET_TYPE_INVALID'],
    ['an unknown pay type', { ...card, type: 2 }, 'PAY_INFO_INVALID'],
    ['markup in the holder', { ...card, acc: '<img src=x onerror=alert(1)>' }, 'PAY_INFO_INVALID'],
    ['a bidi override in the holder', { ...card, acc: 'Chen \u202eDa Wen' }, 'PAY_INFO_INVALID'],
    ['markup in the bank name', { ...card, accBank: 'Bank <b>of</b> Taiwan' }, 'PAY_INFO_INVALID'],
    ['an isolate in the bank name', { ...card, accBank: 'Bank\u2066 of Taiwan' }, 'PAY_INFO_INVALID'],
  ])('refuses %s', (_name, input, code) => {
    expect(validatePayInfo(input as Parameters<typeof validatePayInfo>[0])).toMatchObject({ ok: false, error: code });
  });
});

describe('validatePayNote', () => {
  it.each<[unknown, string]>([
    [undefined, ''],
    ['  salary account ', 'salary account'],
    ['x'.repeat(255), 'x'.repeat(255)],
  ])('accepts %p as %p', (mark, out) => {
    expect(validatePayNote(mark)).toEqual({ ok: true, value: out });
  });

  it.each<unknown>(['<script>alert(1)</script>', 'a > b', 'two\nlines', 'nul\u0000', '\u202eevil', '\u2068fsi', 'x'.repeat(256), 12])('refuses %p', (mark) => {
    expect(validatePayNote(mark)).toMatchObject({ ok: false, error: 'PAY_INFO_INVALID', params: { field: 'mark' } });
  });
});

describe('staff password reset hold', () => {
  it('a reset of a player without a security code holds money moves for 24 hours; with a code there is no hold (the code is asked at sign-in)', () => {
    expect(resetHoldUntil(false, 1_000)).toBe(1_000 + 24 * 3_600_000);
    expect(PASSWORD_RESET_HOLD_MS).toBe(86_400_000);
    expect(resetHoldUntil(true, 1_000)).toBeNull();
  });

  it('the hold runs until its end, exclusive', () => {
    expect(isResetHoldActive(null, 5)).toBe(false);
    expect(isResetHoldActive(10, 9)).toBe(true);
    expect(isResetHoldActive(10, 10)).toBe(false);
  });

  it('security-code checks are counted per minute of epoch time', () => {
    expect(codeCheckWindow(0)).toBe(0);
    expect(codeCheckWindow(59_999)).toBe(0);
    expect(codeCheckWindow(60_000)).toBe(1);
  });
});

describe('usernameKey', () => {
  it.each<[string, string, boolean]>([
    ['Abc', 'ABC', true],
    ['root', 'Root', true],
    ['alice_01', 'ALICE_01', true],
    ['alice', 'alice1', false],
    ['abc', 'abd', false],
  ])('%s and %s are one name: %s', (a, b, same) => {
    expect(usernameKey(a) === usernameKey(b)).toBe(same);
  });

  it('is ASCII lower case (what lower() does on both databases for these names)', () => {
    expect(usernameKey('Player_X9')).toBe('player_x9');
  });
});

describe('validateNickname', () => {
  it.each<[string, unknown, string | null]>([
    ['plain', 'Lucky Star', 'Lucky Star'],
    ['trimmed', '  Lucky  ', 'Lucky'],
    ['Chinese', '幸運星', '幸運星'],
    ['an emoji joined by ZWJ', 'fam \u{1F468}\u200D\u{1F469}\u200D\u{1F467}', 'fam \u{1F468}\u200D\u{1F469}\u200D\u{1F467}'],
    ['exactly the maximum', 'n'.repeat(NICKNAME_MAX), 'n'.repeat(NICKNAME_MAX)],
    ['empty', '', null],
    ['blank', '   ', null],
    ['too long', 'n'.repeat(NICKNAME_MAX + 1), null],
    ['not text', 42, null],
    ['a right-to-left override', 'abc\u202Eevil', null],
    ['a left-to-right embedding', '\u202Aabc', null],
    ['a bidi isolate', 'a\u2066b\u2069', null],
    ['a right-to-left mark', 'abc\u200F', null],
    ['the Arabic letter mark', 'abc\u061C', null],
    ['zero-width spaces only', '\u200B\u200B', null],
    ['zero-width joiners and BOM only', '\u200D\uFEFF\u2060', null],
    ['Hangul fillers only', '\u3164\u115F', null],
    ['a NUL', 'ab\u0000c', null],
    ['a newline', 'ab\nc', null],
    ['a DEL', 'ab\u007Fc', null],
    ['a line separator', 'ab\u2028c', null],
  ])('%s', (_name, input, expected) => {
    const r = validateNickname(input);
    expect(r.ok ? r.value : null).toBe(expected);
    if (!r.ok) expect(r.error).toBe('NICKNAME_INVALID');
  });
});

describe('default avatars', () => {
  it('are default-1 to default-9; nothing else is one', () => {
    expect(DEFAULT_AVATARS).toHaveLength(9);
    for (const [i, a] of DEFAULT_AVATARS.entries()) {
      expect(a).toBe(`default-${i + 1}`);
      expect(isDefaultAvatar(a)).toBe(true);
    }
    for (const bad of ['', 'default-0', 'default-10', 'DEFAULT-1', ' default-1', 'https://x.example/a.png', 1, null, undefined])
      expect(isDefaultAvatar(bad)).toBe(false);
  });
});

describe('validateMobile', () => {
  it.each<[unknown, string]>([
    ['+886 912-345-678', '+886912345678'],
    ['  0912345678 ', '0912345678'],
    ['123456', '123456'],
    ['1'.repeat(20), '1'.repeat(20)],
    ['', ''],
    ['  ', ''],
  ])('%p -> %p', (input, stored) => {
    expect(validateMobile(input)).toEqual({ ok: true, value: stored });
  });

  it.each<unknown>(['12345', '1'.repeat(21), '++123456', '123456+', '12a456', '0912.345.678', 912345678, null])('refuses %p', (input) => {
    expect(validateMobile(input)).toMatchObject({ ok: false, error: 'MOBILE_INVALID' });
  });
});

describe('maskPayDetails', () => {
  const card = { type: 0, acc: 'Chen Holder', acc_name: '4111222233334444', acc_bank: 'Bank' };
  const wallet = { type: 1, acc: 'TXYZabcdefghijklmnop1234', acc_name: 'trc20', acc_bank: '' };
  it('masks only the account number for its owner', () => {
    expect(maskPayDetails(card, 'owner')).toEqual({ ...card, acc_name: '************4444' });
    expect(maskPayDetails(wallet, 'owner')).toEqual({ ...wallet, acc: '********************1234' });
    expect(maskPayDetails({ type: 7, acc: 'x1234567', acc_name: 'y1234567' }, 'owner')).toEqual({ type: 7, acc: 'x1234567', acc_name: 'y1234567' });
  });
  it('masks account and name for staff who do not pay out, whatever the type', () => {
    expect(maskPayDetails(card, 'staff')).toEqual({ ...card, acc: '*******lder', acc_name: '************4444' });
    expect(maskPayDetails(wallet, 'staff')).toEqual({ ...wallet, acc: '********************1234', acc_name: '*rc20' });
  });
  it('leaves non-text fields alone and does not change its input', () => {
    const odd = { type: 0, acc: 5, acc_name: null };
    expect(maskPayDetails(odd, 'staff')).toEqual(odd);
    expect(card.acc_name).toBe('4111222233334444');
  });
});
