import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../src/server/html/sanitize.ts';

describe('sanitizeRichText', () => {
  it('keeps the structure people write: headings, lists, tables, emphasis', () => {
    const html =
      '<h2>제1조</h2><p><strong>굵게</strong> <em>기울임</em></p><ol start="3"><li>하나</li></ol>' +
      '<table><thead><tr><th scope="col">구분</th></tr></thead><tbody><tr><td colspan="2">5년</td></tr></tbody></table>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('drops scripts, styles and their content', () => {
    expect(sanitizeRichText('<p>안녕</p><script>alert(1)</script><style>p{display:none}</style>')).toBe('<p>안녕</p>');
  });

  it('drops event handlers and inline styles', () => {
    const clean = sanitizeRichText('<p style="color:red" onclick="steal()">글</p><img src="https://cdn.example/a.webp" onerror="steal()" alt="사진">');
    expect(clean).not.toMatch(/onclick|onerror|style=|steal/);
    expect(clean).toContain('<p>글</p>');
  });

  it('drops javascript: and data: links and non-https images', () => {
    const clean = sanitizeRichText(
      '<a href="javascript:alert(1)">나쁜 링크</a><a href="JaVaScRiPt&colon;alert(1)">숨긴 링크</a>' +
        '<img src="data:image/png;base64,AAAA" alt="a"><img src="http://cdn.example/b.webp" alt="b">',
    );
    expect(clean).not.toMatch(/javascript|data:|http:\/\//i);
    expect(clean).toContain('나쁜 링크');
  });

  it('opens external links apart without a referrer, and leaves the site\'s own links alone', () => {
    expect(sanitizeRichText('<a href="https://example.com/page">밖</a>')).toBe(
      '<a href="https://example.com/page" target="_blank" rel="noopener noreferrer">밖</a>',
    );
    expect(sanitizeRichText('<a href="/terms/privacy" target="_top">안</a>')).toBe('<a href="/terms/privacy" target="_top">안</a>');
    // A writer cannot opt out of the protection by setting rel themself.
    expect(sanitizeRichText('<a href="https://example.com" rel="opener">밖</a>')).toContain('rel="noopener noreferrer"');
  });

  it('loads pictures lazily, keeping their size', () => {
    expect(sanitizeRichText('<img src="https://cdn.example/a.webp" alt="사진" width="640" height="480" loading="eager">')).toBe(
      '<img src="https://cdn.example/a.webp" alt="사진" width="640" height="480" loading="lazy" />',
    );
  });

  it('removes tags outside the allow-list but keeps their text', () => {
    expect(sanitizeRichText('<div><span class="x">남는 글</span></div><iframe src="https://evil.example"></iframe><h1>제목</h1>')).toBe(
      '남는 글제목',
    );
  });
});
