import { describe, expect, it } from 'vitest';
import { addressGroup } from '../../src/server/http/attempt-limit.ts';

describe('addressGroup', () => {
  it('keeps an IPv4 address, and the names a client address may have when it is unknown', () => {
    expect(addressGroup('203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('unknown')).toBe('unknown');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const group = '2001:db8:7:1::/64';
    expect(addressGroup('2001:db8:7:1::1')).toBe(group);
    expect(addressGroup('2001:0DB8:0007:0001:ffff:eeee:dddd:cccc')).toBe(group);
    expect(addressGroup('2001:db8:7:1:a::9%eth0')).toBe(group);
    expect(addressGroup('2001:db8:7:2::1')).toBe('2001:db8:7:2::/64');
    expect(addressGroup('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('a::b:c:d:e:1.2.3.4')).toBe('a:0:b:c::/64');
  });

  it('reads an IPv4 address in IPv6 form as the IPv4 one', () => {
    expect(addressGroup('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });
});
