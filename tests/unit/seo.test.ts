import { describe, expect, it } from 'vitest';
import {
  absoluteUrl,
  articleJsonLd,
  canonicalUrl,
  isNoindexPath,
  organizationJsonLd,
  serializeJsonLd,
  websiteJsonLd,
} from '../../src/lib/seo.ts';

const APP_URL = 'https://ritual.example';
const canonical = (href: string) => canonicalUrl(APP_URL, new URL(href, 'http://127.0.0.1:4321'));

describe('canonical URL', () => {
  it('puts the path on the public origin, whatever host the request came to', () => {
    expect(canonical('/notice/12')).toBe('https://ritual.example/notice/12');
    expect(canonical('/')).toBe('https://ritual.example/');
    expect(canonicalUrl('https://ritual.example/', new URL('http://localhost:4321/faq'))).toBe('https://ritual.example/faq');
  });

  it('drops a trailing slash and the query, tracking parameters included', () => {
    expect(canonical('/notice/')).toBe('https://ritual.example/notice');
    expect(canonical('/notice/12?utm_source=kakao&fbclid=abc')).toBe('https://ritual.example/notice/12');
    expect(canonical('/terms/policy?ref=footer#top')).toBe('https://ritual.example/terms/policy');
  });

  it('keeps the page of a list past the first one', () => {
    expect(canonical('/notice?page=3&utm_source=x')).toBe('https://ritual.example/notice?page=3');
    expect(canonical('/notice?page=1')).toBe('https://ritual.example/notice');
    for (const junk of ['0', '-2', '2.5', 'abc', '']) {
      expect(canonical(`/notice?page=${junk}`)).toBe('https://ritual.example/notice');
    }
  });

  it('keeps the category of the FAQ only, encoded', () => {
    expect(canonical('/faq?category=payment&page=2')).toBe('https://ritual.example/faq?category=payment&page=2');
    expect(canonical('/faq?category=')).toBe('https://ritual.example/faq');
    expect(canonical('/notice?category=payment')).toBe('https://ritual.example/notice');
    expect(canonical('/faq?category=결제 환불')).toBe(
      'https://ritual.example/faq?category=%EA%B2%B0%EC%A0%9C+%ED%99%98%EB%B6%88',
    );
  });

  it('keeps a path already percent-encoded as it is', () => {
    expect(canonical('/pages/%EC%86%8C%EA%B0%9C')).toBe('https://ritual.example/pages/%EC%86%8C%EA%B0%9C');
  });
});

describe('noindex paths', () => {
  it('covers member pages, account pages and service pages', () => {
    for (const path of [
      '/mypage',
      '/mypage/profile',
      '/inquiry/create',
      '/inquiry/3',
      '/login',
      '/login/email',
      '/register',
      '/register/sns',
      '/verify-email',
      '/forgot-password',
      '/reset-password',
      '/maintenance',
      '/cart',
      '/compose/post',
      '/notification',
    ]) {
      expect(isNoindexPath(path), path).toBe(true);
    }
  });

  it('leaves the public pages to be indexed', () => {
    for (const path of ['/', '/notice', '/notice/4', '/faq', '/about', '/terms/policy', '/room/howto', '/profile/member1', '/loginx']) {
      expect(isNoindexPath(path), path).toBe(false);
    }
  });
});

describe('structured data', () => {
  it('describes the organisation with its logo and social profiles', () => {
    expect(organizationJsonLd({ url: APP_URL, sameAs: ['https://www.instagram.com/ritual'] })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': 'https://ritual.example/#organization',
      name: '리추얼',
      url: 'https://ritual.example/',
      logo: 'https://ritual.example/images/logo.png',
      sameAs: ['https://www.instagram.com/ritual'],
    });
    expect(organizationJsonLd({ url: APP_URL })).not.toHaveProperty('sameAs');
  });

  it('names the website after the organisation', () => {
    expect(websiteJsonLd({ url: APP_URL })).toMatchObject({
      '@type': 'WebSite',
      name: '리추얼',
      url: 'https://ritual.example/',
      publisher: { '@id': 'https://ritual.example/#organization' },
    });
  });

  it('builds an article with UTC times, the organisation as author and publisher, and an absolute image', () => {
    const article = articleJsonLd({
      headline: '설 연휴 배송 안내',
      url: 'https://ritual.example/notice/7',
      datePublished: new Date('2026-01-20T01:00:00+09:00'),
      dateModified: '2026-01-21T03:00:00.000000Z',
      description: '연휴 동안의 배송 일정을 알려 드려요.',
      image: '/uploads/notice-7.webp',
    });
    expect(article).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: '설 연휴 배송 안내',
      url: 'https://ritual.example/notice/7',
      mainEntityOfPage: 'https://ritual.example/notice/7',
      datePublished: '2026-01-19T16:00:00.000Z',
      dateModified: '2026-01-21T03:00:00.000Z',
      inLanguage: 'ko-KR',
      description: '연휴 동안의 배송 일정을 알려 드려요.',
      image: ['https://ritual.example/uploads/notice-7.webp'],
      author: { '@type': 'Organization', '@id': 'https://ritual.example/#organization', name: '리추얼', url: 'https://ritual.example/' },
      publisher: { '@type': 'Organization', '@id': 'https://ritual.example/#organization', name: '리추얼', url: 'https://ritual.example/' },
    });
  });

  it('never dates the last change before the publication', () => {
    const article = articleJsonLd({
      headline: '미리 써 둔 공지',
      url: 'https://ritual.example/notice/9',
      datePublished: '2026-02-01T00:00:00Z',
      dateModified: '2026-01-25T00:00:00Z',
    });
    expect(article).toMatchObject({ datePublished: '2026-02-01T00:00:00.000Z', dateModified: '2026-02-01T00:00:00.000Z' });
  });

  it('leaves out what an article does not have', () => {
    const article = articleJsonLd({
      headline: '공지',
      url: 'https://ritual.example/notice/1',
      datePublished: '2026-01-01T00:00:00Z',
      dateModified: '2026-01-01T00:00:00Z',
    });
    expect(article).not.toHaveProperty('description');
    expect(article).not.toHaveProperty('image');
  });

  it('serialises so that no text can close the script element', () => {
    const text = serializeJsonLd({ headline: '</script><script>alert(1)</script> \u2028' });
    expect(text).not.toMatch(/[<>\u2028]/);
    expect(JSON.parse(text)).toEqual({ headline: '</script><script>alert(1)</script> \u2028' });
  });

  it('makes site-relative addresses absolute and leaves absolute ones alone', () => {
    expect(absoluteUrl(APP_URL, '/images/og-default.png')).toBe('https://ritual.example/images/og-default.png');
    expect(absoluteUrl(APP_URL, 'https://cdn.example/a.webp')).toBe('https://cdn.example/a.webp');
  });
});
