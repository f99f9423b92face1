import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REVIEW_TAGS, plainTextOf, sanitizeMemberHtml, sanitizeStaffHtml } from '../../src/server/html/sanitize.ts';
import { xssPayloads } from '../fixtures/xss-payloads.ts';
import { elementsOf, executableParts, isOwnImage, isWebImage } from '../helpers/xss.ts';

const member = (html: string) => sanitizeMemberHtml(html, { isOwnImage });
const review = (html: string) => sanitizeMemberHtml(html, { tags: REVIEW_TAGS });

describe('sanitizeStaffHtml', () => {
  it('keeps the structure staff write: headings, lists, tables, emphasis', () => {
    const html =
      '<h2>제1조</h2><p><strong>굵게</strong> <em>기울임</em></p><ol start="3"><li>하나</li></ol>' +
      '<table><thead><tr><th scope="col">구분</th></tr></thead><tbody><tr><td colspan="2">5년</td></tr></tbody></table>';
    expect(sanitizeStaffHtml(html)).toBe(html);
  });

  it('drops scripts, styles and their content', () => {
    expect(sanitizeStaffHtml('<p>안녕</p><script>alert(1)</script><style>p{display:none}</style>')).toBe('<p>안녕</p>');
  });

  it('drops event handlers and inline styles', () => {
    const clean = sanitizeStaffHtml('<p style="color:red" onclick="steal()">글</p><img src="https://cdn.example/a.webp" onerror="steal()" alt="사진">');
    expect(clean).not.toMatch(/onclick|onerror|style=|steal/);
    expect(clean).toContain('<p>글</p>');
  });

  it('drops javascript: and data: links and non-https images', () => {
    const clean = sanitizeStaffHtml(
      '<a href="javascript:alert(1)">나쁜 링크</a><a href="JaVaScRiPt&colon;alert(1)">숨긴 링크</a>' +
        '<img src="data:image/png;base64,AAAA" alt="a"><img src="http://cdn.example/b.webp" alt="b">',
    );
    expect(clean).not.toMatch(/javascript|data:|http:\/\//i);
    expect(clean).toContain('나쁜 링크');
  });

  it('drops a scheme hidden behind a zero-width, control or other invisible character, raw or as an entity', () => {
    for (const hidden of ['\u200b', '&#x200B;', '\u2060', '\ufeff', '\u00ad', '\u0001', '&Tab;', '\u3164']) {
      expect(sanitizeStaffHtml(`<a href="${hidden}javascript:alert(1)">링크</a>`), hidden).toBe('<a>링크</a>');
      expect(sanitizeStaffHtml(`<a href="java${hidden}script:alert(1)">링크</a>`), hidden).toBe('<a>링크</a>');
      expect(sanitizeStaffHtml(`<p><img src="${hidden}javascript:alert(1)" alt="그림"></p>`), hidden).toBe('<p></p>');
    }
  });

  it('keeps links to the web, mail, phones and the site, stored as they were judged', () => {
    expect(sanitizeStaffHtml('<a href="tel:109">109</a><a href="mailto:help@example.com">메일</a><a href="/terms/privacy">안</a><a href="#top">위</a>')).toBe(
      '<a href="tel:109">109</a><a href="mailto:help@example.com">메일</a><a href="/terms/privacy">안</a><a href="#top">위</a>',
    );
    expect(sanitizeStaffHtml('<a href=" https://example.com/a b\u200b ">밖</a>')).toBe(
      '<a href="https://example.com/a%20b" target="_blank" rel="noopener noreferrer">밖</a>',
    );
    for (const away of ['//evil.example/', '/\\evil.example/', 'page.html', 'blob:https://example.com/x']) {
      expect(sanitizeStaffHtml(`<a href="${away}">x</a>`), away).toBe('<a>x</a>');
    }
  });

  it('opens external links apart without a referrer; a writer cannot set target or rel', () => {
    expect(sanitizeStaffHtml('<a href="https://example.com/page">밖</a>')).toBe(
      '<a href="https://example.com/page" target="_blank" rel="noopener noreferrer">밖</a>',
    );
    expect(sanitizeStaffHtml('<a href="/terms/privacy" target="_top">안</a>')).toBe('<a href="/terms/privacy">안</a>');
    expect(sanitizeStaffHtml('<a href="https://example.com" rel="opener">밖</a>')).toContain('rel="noopener noreferrer"');
  });

  it('loads pictures lazily, keeping a size only when it is a number', () => {
    expect(sanitizeStaffHtml('<img src="https://cdn.example/a.webp" alt="사진" width="640" height="480" loading="eager">')).toBe(
      '<img src="https://cdn.example/a.webp" alt="사진" loading="lazy" width="640" height="480" />',
    );
    expect(sanitizeStaffHtml('<img src="/uploads/a.webp" width="100%" height="1 onerror=x">')).toBe('<img src="/uploads/a.webp" alt="" loading="lazy" />');
    expect(sanitizeStaffHtml('<table><tr><th scope="javascript:x" colspan="2 x">칸</th></tr></table><ol start="-1"><li>a</li></ol>')).toBe(
      '<table><tr><th>칸</th></tr></table><ol><li>a</li></ol>',
    );
  });

  it('removes tags outside the allow-list but keeps their text', () => {
    expect(sanitizeStaffHtml('<div><span class="x">남는 글</span></div><iframe src="https://evil.example"></iframe><h1>제목</h1>')).toBe('남는 글제목');
  });
});

describe('one policy for members and staff', () => {
  it('is tested with a corpus of at least 200 distinct payloads', () => {
    expect(xssPayloads.length).toBeGreaterThanOrEqual(200);
    expect(new Set(xssPayloads).size).toBe(xssPayloads.length);
  });

  it('gives a member the staff’s answer for every payload, pictures aside', () => {
    for (const payload of xssPayloads) expect(sanitizeMemberHtml(payload, { isOwnImage: () => true }), payload).toBe(sanitizeStaffHtml(payload));
  });

  it('shows a member only their own uploaded pictures', () => {
    expect(member('<img src="https://cdn.example/a.webp"><img src="/uploads/images/a.webp" alt="내 사진">')).toBe(
      '<img src="/uploads/images/a.webp" alt="내 사진" loading="lazy" />',
    );
  });

  it('keeps a review to its own tags', () => {
    expect(review('<p>좋아요 <a href="https://example.com">링크</a></p><table><tr><td>표</td></tr></table><ol start="2"><li>둘</li></ol>')).toBe(
      '<p>좋아요 링크</p>표<ol start="2"><li>둘</li></ol>',
    );
  });

  it('leaves nothing executable of any payload, for staff, members and reviews', () => {
    const failures = xssPayloads.flatMap((payload) =>
      [
        { who: 'staff', problems: executableParts(sanitizeStaffHtml(payload), isWebImage) },
        { who: 'member', problems: executableParts(member(payload), isOwnImage) },
        { who: 'review', problems: executableParts(review(payload), () => false) },
      ]
        .filter(({ problems }) => problems.length > 0)
        .map((failure) => ({ payload, ...failure })),
    );
    expect(failures).toEqual([]);
    for (const payload of xssPayloads) {
      expect(elementsOf(review(payload)).every(({ tag }) => (REVIEW_TAGS as readonly string[]).includes(tag)), payload).toBe(true);
    }
  });

  it('is the only caller of sanitize-html in src/', () => {
    const root = join(import.meta.dirname, '../../src');
    const callers = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(ts|tsx|mts|js|mjs|astro)$/.test(file))
      .filter((file) => /['"]sanitize-html['"]/.test(readFileSync(join(root, file), 'utf8')))
      .map((file) => relative(root, join(root, file)));
    expect(callers).toEqual([join('server', 'html', 'sanitize.ts')]);
  });
});

describe('plainTextOf', () => {
  it('reads blocks, cells and line breaks apart and decodes entities', () => {
    expect(plainTextOf('<p>첫 문단</p><p>둘째&nbsp;문단 &lt;꼭&gt;</p><table><tr><td>칸</td><td>둘</td></tr></table>줄<br>바꿈')).toBe(
      '첫 문단 둘째 문단 <꼭> 칸 둘 줄 바꿈',
    );
  });
});

describe('the stored-HTML checker', () => {
  it('catches what it must', () => {
    expect(executableParts('<p>안녕</p><img src="/uploads/images/a.webp">', isOwnImage)).toEqual([]);
    expect(executableParts('<a href="https://example.com" target="_blank" rel="noopener noreferrer">밖</a>', isOwnImage)).toEqual([]);
    for (const bad of [
      '<img src=x onerror=alert(1)>',
      '<a href="&#x6A;avascript:alert(1)">x</a>',
      '<a href="java\tscript:alert(1)">x</a>',
      '<a href="\u200bjavascript:alert(1)">x</a>',
      '<a href="&amp;#x200b;javascript:alert(1)">x</a>',
      '<a href="https://example.com" target="_top">x</a>',
      '<img src="/uploads/images/a.webp" srcset="/a.webp 1x, javascript:alert(1) 2x">',
      '<p cite="data:text/html,x" formaction="vbscript:x">x</p>',
      '<th scope="x" colspan="2 x">x</th>',
      '<svg><g></g></svg>',
      '<p style="x">y</p>',
    ]) {
      expect(executableParts(bad, isOwnImage), bad).not.toEqual([]);
    }
  });
});
