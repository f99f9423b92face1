import { describe, expect, it } from 'vitest';
import {
  MAIN_NAV,
  isComposePath,
  isNavActive,
  showsCustomerChat,
  showsSecondaryNav,
} from '../../src/lib/navigation.ts';

const activeOn = (pathname: string) => MAIN_NAV.filter((item) => isNavActive(item, pathname)).map((i) => i.key);

describe('main navigation highlight', () => {
  it('lights Guide on the root path only', () => {
    expect(activeOn('/')).toEqual(['guide']);
    expect(activeOn('/about')).toEqual([]);
    expect(activeOn('/notice/3')).toEqual([]);
  });

  it('lights Program under /explorer, but not on the self-care path', () => {
    for (const path of ['/explorer', '/explorer/', '/explorer/program', '/explorer/off-the-record', '/explorer/search']) {
      expect(activeOn(path)).toEqual(['program']);
    }
    expect(activeOn('/explorer/selfcare')).toEqual(['shop']);
    expect(activeOn('/explorer/selfcare/12')).toEqual(['shop']);
    expect(activeOn('/explorers')).toEqual([]);
  });

  it('lights Content under /square and My page under /mypage', () => {
    expect(activeOn('/square')).toEqual(['square']);
    expect(activeOn('/square/daily/42')).toEqual(['square']);
    expect(activeOn('/mypage/coupon')).toEqual(['mypage']);
    expect(activeOn('/squares')).toEqual([]);
  });

  it('keeps My page for mobile only', () => {
    expect(MAIN_NAV.filter((item) => item.mobileOnly).map((i) => i.key)).toEqual(['mypage']);
  });
});

describe('secondary tab bar', () => {
  it('shows on exactly /explorer, /explorer/program and /explorer/off-the-record', () => {
    for (const path of ['/explorer', '/explorer/program', '/explorer/off-the-record', '/explorer/program/']) {
      expect(showsSecondaryNav(path)).toBe(true);
    }
    for (const path of ['/explorer/search', '/explorer/selfcare', '/explorer/program/3', '/', '/square']) {
      expect(showsSecondaryNav(path)).toBe(false);
    }
  });
});

describe('customer chat', () => {
  it('hides in rooms and the post composer, except the room guide', () => {
    expect(showsCustomerChat('/room/howto')).toBe(true);
    expect(showsCustomerChat('/room/3/12')).toBe(false);
    expect(showsCustomerChat('/room/3/thread/4')).toBe(false);
    expect(showsCustomerChat('/compose/post')).toBe(false);
    expect(showsCustomerChat('/compose/post-edit')).toBe(false);
    expect(showsCustomerChat('/rooms')).toBe(true);
  });

  it("hides in a room's composers, which /compose/post?roomId= and /compose/post-edit?roomId= render in their place", () => {
    expect(showsCustomerChat('/compose/room-post')).toBe(false);
    expect(showsCustomerChat('/compose/thread')).toBe(false);
    expect(showsCustomerChat('/compose/thread/')).toBe(false);
    expect(showsCustomerChat('/')).toBe(true);
    expect(showsCustomerChat('/square')).toBe(true);
    expect(showsCustomerChat('/composer')).toBe(true);
  });
});

describe('composer paths', () => {
  it('are the ones under /compose', () => {
    expect(isComposePath('/compose/post')).toBe(true);
    expect(isComposePath('/compose/post-edit')).toBe(true);
    expect(isComposePath('/composer')).toBe(false);
    expect(isComposePath('/square')).toBe(false);
  });
});
