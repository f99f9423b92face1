/** What a push says; the service worker shows `title` and `body` and opens `url` on a tap. */
export interface PushMessage {
  title: string;
  body: string;
  /** A path of this site (`/today`, a room post); the service worker opens it. */
  url: string;
  /** Pushes with one tag replace each other on the device instead of piling up. */
  tag: string;
}

/** A browser's subscription as it sent it: where to post, and the keys to encrypt for (RFC 8291). */
export interface PushTarget {
  endpoint: string;
  /** The browser's P-256 public key, base64url. */
  p256dh: string;
  /** The 16-byte authentication secret, base64url. */
  auth: string;
}

/** `gone`: the push service says the subscription no longer exists (404 or 410); the caller deletes it. */
export type PushOutcome = 'sent' | 'gone';

export interface PushSender {
  /** The VAPID application server key (base64url) browsers subscribe with; null when push is off. */
  readonly publicKey: string | null;
  send(target: PushTarget, message: PushMessage): Promise<PushOutcome>;
}

/** Thrown by a sender when no push service is configured (production without VAPID keys). */
export class PushUnavailableError extends Error {
  constructor() {
    super('no push provider is configured');
    this.name = 'PushUnavailableError';
  }
}
