import { describe, expect, it } from 'vitest';
import { sanitiseNoticeHtml, visibleText } from './sanitise.ts';

describe('notice body sanitiser', () => {
  it('keeps formatting, lists, tables and http links', () => {
    const html =
      '<h2>Maintenance</h2><p><strong>Sunday</strong> <em>02:00</em> <u>UTC</u></p><ul><li>one</li></ul>' +
      '<table><tbody><tr><td colspan="2">cell</td></tr></tbody></table>';
    expect(sanitiseNoticeHtml(html)).toBe(html);
    expect(sanitiseNoticeHtml('<a href="https://example.com/x?a=1&amp;b=2">docs</a>')).toBe(
      '<a href="https://example.com/x?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">docs</a>',
    );
  });

  it('drops scripts, styles and frames with their content', () => {
    expect(sanitiseNoticeHtml('<p>a<script>alert(1)</script>b</p>')).toBe('<p>ab</p>');
    expect(sanitiseNoticeHtml('<style>body{display:none}</style><p>x</p>')).toBe('<p>x</p>');
    expect(sanitiseNoticeHtml('<iframe src="https://evil.example"></iframe>ok')).toBe('ok');
    expect(sanitiseNoticeHtml('<svg><script>alert(1)</script></svg>ok')).toBe('ok');
    expect(sanitiseNoticeHtml('<SCRIPT SRC=//evil.example/x.js></SCRIPT>ok')).toBe('ok');
  });

  it('drops event handlers, style and unknown attributes', () => {
    expect(sanitiseNoticeHtml('<p onclick="alert(1)" style="color:red" class="x" id="y">t</p>')).toBe('<p>t</p>');
    expect(sanitiseNoticeHtml('<img src=x onerror=alert(1)>')).toBe('');
    expect(sanitiseNoticeHtml('<b onmouseover=alert(1)>b</b>')).toBe('<b>b</b>');
  });

  it('refuses javascript:, data: and protocol-relative links, however spelt', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java&#x09;script:alert(1)',
      '&#106;avascript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:x',
      '//evil.example/',
    ]) {
      const out = sanitiseNoticeHtml(`<a href="${href}">x</a>`);
      expect(out, href).not.toMatch(/href/);
    }
  });

  it('unwraps unknown tags but keeps their text, and escapes stray markup', () => {
    expect(sanitiseNoticeHtml('<font color="red">hi</font>')).toBe('hi');
    expect(sanitiseNoticeHtml('<form action="/x"><input name="p">text</form>')).toBe('text');
    expect(sanitiseNoticeHtml('1 < 2 & 3 > 2')).toBe('1 &lt; 2 &amp; 3 &gt; 2');
    expect(sanitiseNoticeHtml('<p>"<img src=x onerror=alert(1)>"</p>')).toBe('<p>""</p>');
  });

  it('finds bodies with no visible text', () => {
    expect(visibleText('<p> </p><br>')).toBe('');
    expect(visibleText('<p>&nbsp;</p>')).toBe('');
    expect(visibleText('<p>a</p>')).toBe('a');
  });
});
