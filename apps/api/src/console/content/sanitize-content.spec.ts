import { sanitizeContentHtml } from './sanitize-content';

describe('sanitizeContentHtml (the allow-list of article and notice HTML)', () => {
  it.each<[string, string]>([
    ['<p>Hello <strong>world</strong></p>', '<p>Hello <strong>world</strong></p>'],
    [
      '<h2>T</h2><ul><li>a</li></ul><ol><li>b</li></ol><blockquote>q</blockquote>',
      '<h2>T</h2><ul><li>a</li></ul><ol><li>b</li></ol><blockquote>q</blockquote>',
    ],
    [
      '<table><thead><tr><th>a</th></tr></thead><tbody><tr><td colspan="2">b</td></tr></tbody></table>',
      '<table><thead><tr><th>a</th></tr></thead><tbody><tr><td colspan="2">b</td></tr></tbody></table>',
    ],
    ['<a href="https://example.com/x">x</a>', '<a href="https://example.com/x" rel="noopener noreferrer">x</a>'],
    ['<a href="/lottery" target="_blank">x</a>', '<a href="/lottery" target="_blank" rel="noopener noreferrer">x</a>'],
    ['<img src="/static/a.png" alt="a">', '<img src="/static/a.png" alt="a" />'],
    ['line<br>two', 'line<br />two'],
  ])('keeps %p', (input, out) => {
    expect(sanitizeContentHtml(input)).toBe(out);
  });

  it.each<[string, string]>([
    ['<p>a<script>alert(1)</script></p>', '<p>a</p>'],
    ['<p onclick="alert(1)" style="color:red">a</p>', '<p>a</p>'],
    ['<img src="x" onerror="alert(1)">', ''],
    ['<img src="//evil.example/a.png">', ''],
    ['<img src="http://evil.example/a.png">', ''],
    ['<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href="/\\evil.example">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href="https://ok.example" rel="opener" onmouseover="x()">x</a>', '<a href="https://ok.example" rel="noopener noreferrer">x</a>'],
    ['<iframe src="https://evil.example"></iframe><p>b</p>', '<p>b</p>'],
    ['<frameset><frame src="https://evil.example"></frameset>', ''],
    ['<object data="x"></object><embed src="x">', ''],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<style>body{}</style><form action="https://evil.example"><input name="p"></form>', ''],
    ['<div><span>t</span></div>', 't'],
  ])('cleans %p to %p', (input, out) => {
    expect(sanitizeContentHtml(input)).toBe(out);
  });
});
