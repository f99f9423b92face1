import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../../src/server/env.ts';
import { clientAddressResolver, parseProxyTrust } from '../../src/server/http/client-ip.ts';

const forwarded = (value: string | null) => new Headers(value === null ? {} : { 'X-Forwarded-For': value });

describe('the client address behind proxies', () => {
  it('trusts no header when no proxy is trusted: the TCP peer is the client', () => {
    const resolve = clientAddressResolver(0);
    expect(resolve(forwarded('1.2.3.4'), '203.0.113.9')).toBe('203.0.113.9');
    expect(resolve(forwarded(null), undefined)).toBe('unknown');
  });

  it('with one proxy, takes the address that proxy appended, whatever the client wrote to its left', () => {
    const resolve = clientAddressResolver(1);
    expect(resolve(forwarded('203.0.113.7'), '10.0.0.2')).toBe('203.0.113.7');
    expect(resolve(forwarded('6.6.6.6, 203.0.113.7'), '10.0.0.2')).toBe('203.0.113.7');
    expect(resolve(forwarded('6.6.6.6,7.7.7.7 ,  203.0.113.7'), '10.0.0.2')).toBe('203.0.113.7');
    // Reached directly, without the header: the peer.
    expect(resolve(forwarded(null), '203.0.113.8')).toBe('203.0.113.8');
  });

  it('with a CDN and a load balancer, counts two hops from the server', () => {
    const resolve = clientAddressResolver(2);
    expect(resolve(forwarded('6.6.6.6, 203.0.113.7, 198.51.100.20'), '10.0.0.2')).toBe('203.0.113.7');
    // Fewer hops than trusted: the furthest address there is.
    expect(resolve(forwarded('203.0.113.7'), '10.0.0.2')).toBe('203.0.113.7');
  });

  it('with trusted ranges, skips every trusted proxy from the right and stops at the first other address', () => {
    const resolve = clientAddressResolver(['10.0.0.0/8', '198.51.100.0/24']);
    expect(resolve(forwarded('6.6.6.6, 203.0.113.7, 198.51.100.20, 10.1.2.3'), '10.0.0.2')).toBe('203.0.113.7');
    // A peer outside the ranges is not a proxy of ours: its header is not believed.
    expect(resolve(forwarded('6.6.6.6'), '203.0.113.50')).toBe('203.0.113.50');
    expect(clientAddressResolver(['loopback'])(forwarded('203.0.113.7'), '::ffff:127.0.0.1')).toBe('203.0.113.7');
  });

  it('reads TRUST_PROXY as none, a hop count or ranges, and refuses true and nonsense with the variable named', () => {
    expect(parseProxyTrust('')).toBe(0);
    expect(parseProxyTrust('false')).toBe(0);
    expect(parseProxyTrust('2')).toBe(2);
    expect(parseProxyTrust('loopback, 10.0.0.0/8')).toEqual(['loopback', '10.0.0.0/8']);
    expect(() => parseProxyTrust('true')).toThrow(/number of proxies/);
    expect(() => parseProxyTrust('10.0.0.0/99')).toThrow();
    for (const value of ['true', 'somewhere', '10.0.0.0/99']) {
      try {
        parseEnv({ TRUST_PROXY: value });
        expect.unreachable(value);
      } catch (error) {
        expect(error).toBeInstanceOf(EnvError);
        expect((error as EnvError).problems[0]).toMatch(/^TRUST_PROXY: /);
      }
    }
  });
});
