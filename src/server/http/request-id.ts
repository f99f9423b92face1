import { randomUUID } from 'node:crypto';

/**
 * Every request is named by the server: an id a client chose could name another request, or be
 * stored in the audit log as if the server had given it. A client's own id (a proxy's, an app's)
 * is only kept beside ours, as `client_request_id`, when it is a short plain token.
 */
export const newRequestId = (): string => randomUUID();

const PLAIN_TOKEN = /^[\w.:=-]{1,64}$/;

export function clientRequestIdOf(headerValue: string | null | undefined): string | undefined {
  return headerValue && PLAIN_TOKEN.test(headerValue) ? headerValue : undefined;
}
