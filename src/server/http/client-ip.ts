import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';

/**
 * Which proxies in front of the server are trusted to say who their client was: none (0), the
 * nearest N hops (a load balancer: 1; a CDN in front of it: 2), or the proxies at these addresses
 * (`loopback`, `uniquelocal`, `10.0.0.0/8`, …).
 */
export type ProxyTrust = number | readonly string[];

export type ClientAddressOf = (headers: Headers, peer: string | undefined) => string;

/**
 * The visitor's address. X-Forwarded-For is read from the right, as each proxy appends the address
 * it was reached from: the right-most entries were written by our proxies, anything left of them
 * by whoever sent the request, so only the first address no trusted proxy vouches for counts.
 */
export function clientAddressResolver(trust: ProxyTrust): ClientAddressOf {
  if (trust === 0 || (Array.isArray(trust) && trust.length === 0)) return (_headers, peer) => peer ?? 'unknown';
  const trusts = typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : proxyAddr.compile([...(trust as string[])]);
  return (headers, peer) => {
    if (!peer) return 'unknown';
    const forwarded = headers.get('x-forwarded-for');
    if (!forwarded) return peer;
    // proxy-addr reads a Node request; these are the only two things it looks at.
    const request = { headers: { 'x-forwarded-for': forwarded }, socket: { remoteAddress: peer } } as unknown as IncomingMessage;
    return proxyAddr(request, trusts);
  };
}

/** TRUST_PROXY as written: empty or false for none, a hop count, or addresses and ranges. */
export function parseProxyTrust(value: string): ProxyTrust {
  const text = value.trim().toLowerCase();
  if (text === '' || text === 'false' || text === 'no' || text === 'off') return 0;
  if (/^\d+$/.test(text)) return Number(text);
  if (text === 'true' || text === 'yes' || text === 'on') {
    throw new Error('true would trust any client to name its own address; give the number of proxies in front (1) or their addresses');
  }
  const ranges = text.split(',').map((part) => part.trim()).filter(Boolean);
  // Throws on anything that is not an address, a range or one of proxy-addr's names.
  proxyAddr.compile(ranges);
  return ranges;
}
