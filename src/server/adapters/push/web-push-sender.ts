import webpush from 'web-push';
import type { PushMessage, PushOutcome, PushSender, PushTarget } from './push-sender.ts';
import type { VapidKeys } from './vapid-keys.ts';

export interface WebPushSettings extends VapidKeys {
  /** `mailto:` or `https:`: whom a push service contacts about this sender (RFC 8292). */
  subject: string;
}

// A push service that hangs must not hold the job or the background work for long.
const TIMEOUT_MS = 10_000;
// How long a push service keeps a push for a device that is offline: a reminder or a comment is
// still worth showing the same day, not a week later.
const TTL_SECONDS = 12 * 60 * 60;
// The longest part of a push service's answer kept in an error.
const MAX_DETAIL = 300;

/** A push the push service refused (or that never reached it), with its status when known. */
export class WebPushSendError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'WebPushSendError';
  }
}

/**
 * Web Push with VAPID: web-push signs the VAPID token and encrypts the payload (RFC 8291,
 * aes128gcm); the request itself goes out with fetch, so it has a timeout, and a push service on
 * loopback (http://127.0.0.1, accepted outside production) is reached as well as a real one.
 */
export function createWebPushSender(settings: WebPushSettings): PushSender {
  const vapidDetails = { subject: settings.subject, publicKey: settings.publicKey, privateKey: settings.privateKey };
  return {
    publicKey: settings.publicKey,
    async send(target: PushTarget, message: PushMessage): Promise<PushOutcome> {
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(message),
        { vapidDetails, TTL: TTL_SECONDS, contentEncoding: 'aes128gcm', urgency: 'normal' },
      );
      let response: Response;
      try {
        response = await fetch(request.endpoint, {
          method: request.method,
          headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
          body: request.body === null ? null : new Uint8Array(request.body),
          redirect: 'error',
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new WebPushSendError(`the push service could not be reached: ${reason}`, undefined, { cause: error });
      }
      const answer = await response.text();
      // RFC 8030 section 7.3 (410) and what FCM and Mozilla answer for an unknown subscription (404).
      if (response.status === 404 || response.status === 410) return 'gone';
      if (response.ok) return 'sent';
      throw new WebPushSendError(`the push service answered ${response.status}: ${answer.slice(0, MAX_DETAIL)}`, response.status);
    },
  };
}
