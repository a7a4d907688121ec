import { isHttpsUrl, SUPPORT_HOURS, isPlainText, isSafeLink } from './safe-text';

describe('isPlainText', () => {
  it.each(['Chen Da Wen', '陳大文', 'Bank of Taiwan', "O'Brien & Sons", 'a - b = c', ''])('accepts %p', (t) => {
    expect(isPlainText(t)).toBe(true);
  });

  it.each([
    ['<b>x</b>', 'markup'],
    ['<img src=x onerror=alert(1)>', 'markup'],
    ['a > b', 'a bare >'],
    ['line\nbreak', 'a newline'],
    ['nul\u0000', 'NUL'],
    ['del\u007f', 'DEL'],
    ['c1\u0085', 'a C1 control'],
    ['\u202eevil', 'RIGHT-TO-LEFT OVERRIDE'],
    ['\u202aembed', 'LEFT-TO-RIGHT EMBEDDING'],
    ['\u2066isolate', 'LEFT-TO-RIGHT ISOLATE'],
    ['\u2069', 'POP DIRECTIONAL ISOLATE'],
  ])('refuses %p (%s)', (t) => {
    expect(isPlainText(t)).toBe(false);
  });
});

describe('isSafeLink', () => {
  it.each([
    '/',
    '/static/banner.png',
    '/lottery?game=1#top',
    'https://cdn.example.com/b.png',
    'https://example.com',
    'https://example.com:8443/a?b=c',
    'https://10.0.0.1/x',
  ])('accepts %p', (u) => {
    expect(isSafeLink(u)).toBe(true);
  });

  it.each([
    ['', 'empty'],
    ['//evil.example/x.png', 'protocol-relative'],
    ['/\\evil.example/x.png', 'slash-backslash'],
    ['\\\\evil.example', 'backslashes'],
    ['/path\\x', 'a backslash in the path'],
    ['http://example.com/x.png', 'plain http'],
    ['javascript:alert(1)', 'javascript:'],
    ['JAVASCRIPT:alert(1)', 'javascript: in capitals'],
    [' /static/x.png', 'leading space'],
    ['/static/x .png', 'a space'],
    ['/a\tb', 'a tab'],
    ['data:image/png;base64,AAAA', 'data:'],
    ['https://user:pw@evil.example', 'user info'],
    ['https://', 'no host'],
    ['https:///path', 'empty host'],
    ['static/x.png', 'a relative path'],
    ['/\u202ex', 'a bidi override'],
  ])('refuses %p (%s)', (u) => {
    expect(isSafeLink(u)).toBe(false);
  });
});

describe('isHttpsUrl', () => {
  it.each(['https://chat.example.com/room?id=1', 'https://chat.example.com:8443/'])('accepts the external page %p', (u) => {
    expect(isHttpsUrl(u)).toBe(true);
  });
  it.each(['', '/static/x', 'http://chat.example.com', 'https://user:pw@evil.example', 'javascript:alert(1)', 'https://chat.example.com/a b'])(
    'refuses %p',
    (u) => {
      expect(isHttpsUrl(u)).toBe(false);
    },
  );
});

describe('SUPPORT_HOURS', () => {
  it.each<[string, boolean]>([
    ['12:00-23:30', true],
    ['22:00-02:00', true],
    ['00:00-24:00', true],
    ['12:00-24:30', false],
    ['24:00-12:00', false],
    ['9:00-18:00', false],
    ['', false],
  ])('%p is support hours: %p', (h, ok) => {
    expect(SUPPORT_HOURS.test(h)).toBe(ok);
  });
});
