import { describe, expect, it } from 'vitest';
import { REVIEW_REFUSALS, maskNickname, reviewRefusal, reviewWaitOf } from '../../src/lib/reviews.ts';
import type { ReviewableLine } from '../../src/lib/reviews.ts';

describe('maskNickname', () => {
  it('keeps the first two characters and masks the rest with three stars', () => {
    expect(maskNickname('리추얼러')).toBe('리추***');
    expect(maskNickname('아침명상하는사람')).toBe('아침***');
    expect(maskNickname('abc')).toBe('ab***');
  });

  it('never shows a short name whole', () => {
    expect(maskNickname('하은')).toBe('하***');
    expect(maskNickname('나')).toBe('***');
    expect(maskNickname('')).toBe('***');
  });

  it('counts what a person sees as one character: surrogate pairs and joined emoji', () => {
    expect(maskNickname('😀abc😀')).toBe('😀a***');
    expect(maskNickname('👨‍👩‍👧명상')).toBe('👨‍👩‍👧명***');
    expect(maskNickname('😀😀')).toBe('😀***');
    expect(maskNickname('𠮷野家')).toBe('𠮷野***');
  });
});

describe('reviewRefusal', () => {
  const now = new Date('2026-11-24T00:00:00Z');
  const paid: ReviewableLine = { kind: 'product', status: 'paid', orderStatus: 'paid', reviewableId: 7, sessionEndsAt: null, reviewId: null };
  const delivered: ReviewableLine = { ...paid, orderStatus: 'delivered' };
  const session: ReviewableLine = { ...paid, kind: 'ritual_session', sessionEndsAt: new Date('2026-11-23T00:00:00Z') };

  it('lets a product be reviewed once delivered or purchase-confirmed, not while it is on its way', () => {
    for (const orderStatus of ['delivered', 'purchase_confirmed']) {
      expect(reviewRefusal({ ...paid, orderStatus }, now), orderStatus).toBeNull();
    }
    for (const orderStatus of ['paid', 'preparing', 'shipping', 'partially_refunded']) {
      expect(reviewRefusal({ ...paid, orderStatus }, now), orderStatus).toBe(REVIEW_REFUSALS.undelivered);
    }
    expect(reviewWaitOf(reviewRefusal(paid, now))).toBe('delivery');
  });

  it('lets a session be reviewed once it has ended, whatever its order\'s shipping state', () => {
    for (const orderStatus of ['paid', 'partially_refunded', 'delivered', 'purchase_confirmed']) {
      expect(reviewRefusal({ ...session, orderStatus }, now), orderStatus).toBeNull();
    }
    const running = { ...session, sessionEndsAt: new Date('2026-11-25T00:00:00Z') };
    expect(reviewWaitOf(reviewRefusal(running, now))).toBe('session_end');
  });

  it('refuses unpaid, given back, reviewed, gone and running lines with their reason', () => {
    expect(reviewRefusal({ ...paid, status: 'pending', orderStatus: 'pending' }, now)).toBe(REVIEW_REFUSALS.unpaid);
    expect(reviewRefusal({ ...delivered, status: 'refunded' }, now)).toBe(REVIEW_REFUSALS.withdrawn);
    expect(reviewRefusal({ ...paid, status: 'cancelled', orderStatus: 'cancelled' }, now)).toBe(REVIEW_REFUSALS.withdrawn);
    expect(reviewRefusal({ ...paid, orderStatus: 'refunded' }, now)).toBe(REVIEW_REFUSALS.unpaid);
    expect(reviewRefusal({ ...delivered, reviewId: 3 }, now)).toBe(REVIEW_REFUSALS.reviewed);
    expect(reviewRefusal({ ...delivered, reviewableId: null }, now)).toBe(REVIEW_REFUSALS.gone);
    expect(reviewRefusal({ ...session, sessionEndsAt: new Date('2026-11-25T00:00:00Z') }, now)).toBe(REVIEW_REFUSALS.sessionRunning);
    expect(reviewRefusal({ ...session, sessionEndsAt: now }, now)).toBeNull();
  });
});
