import { describe, expect, it } from 'vitest';
import { applicationServerKey, pushSupportOf } from '../../src/lib/push-support.ts';
import { isReminderTime } from '../../src/lib/reminders.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const ANDROID = 'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const capable = { hasServiceWorker: true, hasPushManager: true, hasNotification: true };

describe('push support', () => {
  it('sends an iPhone or iPad outside the home screen to the install steps, and lets the installed app ask', () => {
    expect(pushSupportOf({ userAgent: IPHONE, maxTouchPoints: 5, standalone: false, ...capable })).toBe('ios-install');
    // Safari before 16.4 has no PushManager even in a tab: still the steps, which is what would make it work later.
    expect(pushSupportOf({ userAgent: IPHONE, maxTouchPoints: 5, standalone: false, hasServiceWorker: true, hasPushManager: false, hasNotification: false })).toBe(
      'ios-install',
    );
    expect(pushSupportOf({ userAgent: IPAD_AS_MAC, maxTouchPoints: 5, standalone: false, ...capable })).toBe('ios-install');
    expect(pushSupportOf({ userAgent: IPHONE, maxTouchPoints: 5, standalone: true, ...capable })).toBe('supported');
  });

  it('lets a desktop Mac and Android ask at once, and says so when the browser has no push', () => {
    expect(pushSupportOf({ userAgent: IPAD_AS_MAC, maxTouchPoints: 0, standalone: false, ...capable })).toBe('supported');
    expect(pushSupportOf({ userAgent: ANDROID, maxTouchPoints: 5, standalone: false, ...capable })).toBe('supported');
    expect(pushSupportOf({ userAgent: ANDROID, maxTouchPoints: 5, standalone: false, ...capable, hasPushManager: false })).toBe('unsupported');
  });

  it('turns the base64url VAPID key into the bytes pushManager.subscribe takes', () => {
    const bytes = new Uint8Array(65).map((_, i) => (i * 37) % 256);
    expect([...applicationServerKey(Buffer.from(bytes).toString('base64url'))]).toEqual([...bytes]);
  });

  it('takes reminder times from 05:00 to 23:00 on a 24-hour clock', () => {
    for (const time of ['05:00', '08:00', '12:59', '23:00']) expect(isReminderTime(time), time).toBe(true);
    for (const time of ['04:59', '23:01', '8:00', '24:00', '08:60', '0800', ' 08:00', '']) expect(isReminderTime(time), time).toBe(false);
  });
});
