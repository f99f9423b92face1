import { generateKeyPairSync, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appleClientSecret } from '../../src/server/modules/social/providers.ts';

describe("Apple's client secret", () => {
  it('is an ES256 token for the services id, signed with the team key, valid five minutes', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const now = new Date('2026-11-20T00:00:00Z');
    const token = appleClientSecret('TEAM123', 'KEY456', 'com.ritual.web', pem.replace(/\n/g, '\\n'), now);
    const [header, payload, signature] = token.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ alg: 'ES256', kid: 'KEY456' });
    expect(JSON.parse(Buffer.from(payload!, 'base64url').toString())).toEqual({
      iss: 'TEAM123',
      iat: 1795132800,
      exp: 1795133100,
      aud: 'https://appleid.apple.com',
      sub: 'com.ritual.web',
    });
    const valid = verify('sha256', Buffer.from(`${header}.${payload}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url'));
    expect(valid).toBe(true);
  });
});
