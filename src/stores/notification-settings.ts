import { atom, map } from 'nanostores';
import {
  deletePushSubscription,
  fetchPushPublicKey,
  savePushSubscription,
  updateNotificationSettings,
  updateReminder,
} from '../lib/api/push.ts';
import type { ReminderChange } from '../lib/api/push.ts';
import { applicationServerKey, pushSupportOf } from '../lib/push-support.ts';
import type { PushSupport } from '../lib/push-support.ts';
import type { NotificationSettingsData, ReminderItem } from '../lib/reminders.ts';

/** `denied`: the member blocked notifications for this site; only the browser's settings undo it. */
export type PushPermission = 'default' | 'granted' | 'denied';

export const $notificationSettings = atom<NotificationSettingsData>({ push: true, email_digest: false, muted_ritual_session_ids: [] });
export const $reminders = atom<ReminderItem[]>([]);
export const $pushSupport = atom<PushSupport>('unsupported');
export const $pushPermission = atom<PushPermission>('default');
/** What is being saved (by key) and what failed, for the island to show beside it. */
export const $saving = map<Record<string, boolean>>({});
export const $failure = atom<{ key: string; error: unknown } | null>(null);

function readBrowser(): void {
  const nav = navigator as Navigator & { standalone?: boolean };
  $pushSupport.set(
    pushSupportOf({
      userAgent: nav.userAgent,
      maxTouchPoints: nav.maxTouchPoints,
      standalone: window.matchMedia('(display-mode: standalone)').matches || nav.standalone === true,
      hasServiceWorker: 'serviceWorker' in nav,
      hasPushManager: 'PushManager' in window,
      hasNotification: 'Notification' in window,
    }),
  );
  if ('Notification' in window) $pushPermission.set(Notification.permission);
}

/** Seeds the stores from the page's props and reads what the browser allows; nothing is asked here. */
export function startNotificationSettings(settings: NotificationSettingsData, reminders: ReminderItem[]): void {
  $notificationSettings.set(settings);
  $reminders.set(reminders);
  readBrowser();
}

async function saving<T>(key: string, work: () => Promise<T>): Promise<T | undefined> {
  $saving.setKey(key, true);
  $failure.set(null);
  try {
    return await work();
  } catch (error) {
    $failure.set({ key, error });
    return undefined;
  } finally {
    $saving.setKey(key, false);
  }
}

/**
 * Asks for permission (only now, when the member turned a push on) and subscribes this browser
 * with the service worker's registration; the subscription is stored for the member. False when
 * the member declined or the browser cannot.
 */
export async function ensurePushSubscription(): Promise<boolean> {
  if ($pushSupport.get() !== 'supported') return false;
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  $pushPermission.set(permission);
  if (permission !== 'granted') return false;
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(await fetchPushPublicKey()) }));
  const json = subscription.toJSON();
  await savePushSubscription({ endpoint: subscription.endpoint, keys: { p256dh: json.keys?.['p256dh'] ?? '', auth: json.keys?.['auth'] ?? '' } });
  return true;
}

/** 활동 알림 on or off for the member; turning it on also subscribes this browser. */
export async function setPush(on: boolean): Promise<void> {
  await saving('push', async () => {
    if (on) await ensurePushSubscription();
    $notificationSettings.set(await updateNotificationSettings({ push: on }));
  });
}

export async function setEmailDigest(on: boolean): Promise<void> {
  await saving('email_digest', async () => {
    $notificationSettings.set(await updateNotificationSettings({ email_digest: on }));
  });
}

export async function setRoomMuted(ritualSessionId: number, muted: boolean): Promise<void> {
  const current = $notificationSettings.get().muted_ritual_session_ids.filter((id) => id !== ritualSessionId);
  await saving(`muted-${ritualSessionId}`, async () => {
    $notificationSettings.set(await updateNotificationSettings({ muted_ritual_session_ids: muted ? [...current, ritualSessionId] : current }));
  });
}

/**
 * Changes one reminder. When the change leaves it on with push, permission is asked and this
 * browser subscribed first; a member who declines keeps the other channels.
 */
export async function changeReminder(ritualSessionId: number, change: ReminderChange): Promise<void> {
  const before = $reminders.get().find((item) => item.ritual_session_id === ritualSessionId);
  if (!before) return;
  const after = { ...before, ...change };
  await saving(`reminder-${ritualSessionId}`, async () => {
    if (after.enabled && after.channels.includes('push') && !(before.enabled && before.channels.includes('push') && $pushPermission.get() === 'granted')) {
      await ensurePushSubscription();
    }
    const saved = await updateReminder(ritualSessionId, change);
    $reminders.set($reminders.get().map((item) => (item.ritual_session_id === ritualSessionId ? saved : item)));
  });
}

/** Stops pushes to this browser (the member's other devices keep theirs). */
export async function unsubscribeThisBrowser(): Promise<void> {
  await saving('unsubscribe', async () => {
    const registration = await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.getSubscription();
    if (!subscription) return;
    await deletePushSubscription({ endpoint: subscription.endpoint });
    await subscription.unsubscribe();
  });
}
