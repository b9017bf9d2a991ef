import { describe, expect, it } from 'vitest';
import { markdownHtml, plainText, safeMarkdown, withoutMarkup } from './sanitise';

describe('plain text', () => {
  it('keeps text as typed, ampersands and comparisons included', () => {
    expect(plainText('Tom & Jerry < 5 > 3 "quoted" it’s')).toBe('Tom & Jerry < 5 > 3 "quoted" it’s');
    expect(plainText('https://example.com/?a=1&b=2')).toBe('https://example.com/?a=1&b=2');
  });

  it('takes out tags, scripts with their content, and tags that were escaped to slip through', () => {
    expect(plainText('Hello <script>alert(1)</script>world')).toBe('Hello world');
    expect(plainText('<b onclick="x()">Bold</b>')).toBe('Bold');
    expect(plainText('&lt;script&gt;alert(1)&lt;/script&gt;Hi')).toBe('Hi');
    expect(plainText('&amp;lt;img src=x onerror=alert(1)&amp;gt;')).not.toMatch(/<img/i);
  });

  it('reaches every string of a content, however deep', () => {
    expect(withoutMarkup({ a: ['<i>x</i>', { b: '<script>y</script>z' }], n: 3, t: true })).toEqual({
      a: ['x', { b: 'z' }],
      n: 3,
      t: true,
    });
  });
});

describe('markdown', () => {
  it('keeps an editor’s Markdown, with links that lead anywhere but the web, mail or a phone reduced to their text', () => {
    const source =
      '## Fees\n\n> Pay by **Friday** & <b>save</b>\n\n[site](https://example.com) [x](javascript:alert(1)) [y][1]\n\n[1]: javascript:alert(2)';
    const safe = safeMarkdown(source);
    expect(safe).not.toMatch(/javascript:|<b>/);
    expect(safe).toContain('> Pay by **Friday** & save');
    expect(safe).toContain('[site](https://example.com) x');
    expect(withoutMarkup({ markdown: '[x](javascript:alert(1))', title: '[x](javascript:alert(1))' })).toEqual({
      markdown: 'x',
      title: '[x](javascript:alert(1))',
    });
  });

  it('renders what a text needs', () => {
    expect(markdownHtml('**Admissions** open\n\n- BCA\n- MCA')).toBe(
      '<p><strong>Admissions</strong> open</p>\n<ul>\n<li>BCA</li>\n<li>MCA</li>\n</ul>\n',
    );
    expect(markdownHtml('[Prospectus](https://example.com/p.pdf)')).toBe(
      '<p><a href="https://example.com/p.pdf" rel="noopener noreferrer">Prospectus</a></p>\n',
    );
  });

  it('never gives a script, an event handler or a javascript: link', () => {
    const html = markdownHtml('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[click](javascript:alert(1))');
    expect(html).not.toMatch(/<script|onerror|javascript:|<img/i);
    expect(markdownHtml('   ')).toBe('');
  });
});
