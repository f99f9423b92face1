import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SocialProvider } from '../../src/server/db/schema/index.ts';
import type { ProviderSettings, SocialSettings } from '../../src/server/modules/social/provider-settings.ts';

/** The account the local provider says signed in, in the provider's terms. */
export interface ProviderAccount {
  id: string;
  email: string | null;
  emailVerified: boolean;
  name: string;
}

interface Grant {
  provider: SocialProvider;
  redirectUri: string;
  challenge: string | null;
  account: ProviderAccount;
}

const unsignedJwt = (claims: object) =>
  `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;

/**
 * A local OAuth 2.0 server speaking the protocol the way Kakao, Naver, Google and Apple do:
 * authorize (302 back with code and state), token (code, PKCE and client secret checked), and each
 * provider's userinfo shape, or an ID token for Apple.
 */
export class LocalOAuthServer {
  readonly accounts = new Map<SocialProvider, ProviderAccount>();
  /** When set, every sign-in without a preset account is a new person (end-to-end tests). */
  newAccountEachTime = false;
  readonly tokenRequests: URLSearchParams[] = [];
  private readonly grants = new Map<string, Grant>();
  private readonly tokens = new Map<string, Grant>();
  private server!: Server;
  url = '';

  async start(port = 0): Promise<void> {
    this.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', this.url);
      const provider = url.pathname.split('/')[1] as SocialProvider;
      if (url.pathname.endsWith('/authorize')) {
        const code = randomBytes(8).toString('hex');
        const account = this.accounts.get(provider) ?? (this.newAccountEachTime ? freshAccount(provider) : undefined);
        if (!account) return res.writeHead(302, { Location: `${url.searchParams.get('redirect_uri')}?error=access_denied` }).end();
        this.grants.set(code, {
          provider,
          redirectUri: url.searchParams.get('redirect_uri') ?? '',
          challenge: url.searchParams.get('code_challenge'),
          account,
        });
        const back = new URL(url.searchParams.get('redirect_uri')!);
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        return res.writeHead(302, { Location: back.toString() }).end();
      }
      if (url.pathname.endsWith('/token') && req.method === 'POST') {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => this.token(new URLSearchParams(body), req.headers.authorization, res));
        return undefined;
      }
      if (url.pathname.endsWith('/userinfo')) {
        const grant = this.tokens.get((req.headers.authorization ?? '').replace('Bearer ', ''));
        if (!grant) return res.writeHead(401).end();
        return res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(userinfo(grant)));
      }
      if (url.pathname === '/health') return res.writeHead(200).end('ok');
      return res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private token(form: URLSearchParams, authorization: string | undefined, res: ServerResponse) {
    this.tokenRequests.push(form);
    const grant = this.grants.get(form.get('code') ?? '');
    const secretOk = (authorization ?? '').startsWith('Basic ') || form.has('client_secret');
    const verifier = form.get('code_verifier');
    const pkceOk =
      !grant?.challenge || (verifier !== null && createHash('sha256').update(verifier).digest('base64url') === grant.challenge);
    if (!grant || grant.redirectUri !== form.get('redirect_uri') || !secretOk || !pkceOk) {
      return res.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: 'invalid_grant' }));
    }
    this.grants.delete(form.get('code')!);
    const accessToken = randomBytes(12).toString('hex');
    this.tokens.set(accessToken, grant);
    const idToken = unsignedJwt({
      iss: this.url,
      sub: grant.account.id,
      email: grant.account.email,
      email_verified: grant.provider === 'apple' ? String(grant.account.emailVerified) : grant.account.emailVerified,
    });
    return res
      .writeHead(200, { 'Content-Type': 'application/json' })
      .end(JSON.stringify({ access_token: accessToken, token_type: 'Bearer', expires_in: 3600, id_token: idToken }));
  }

  /** Settings for the app, every endpoint on this server. */
  settings(): SocialSettings {
    const make = (provider: SocialProvider, extra: Partial<ProviderSettings> = {}): ProviderSettings => ({
      provider,
      clientId: `${provider}-client`,
      clientSecret: () => `${provider}-secret`,
      authorizeUrl: `${this.url}/${provider}/authorize`,
      tokenUrl: `${this.url}/${provider}/token`,
      userinfoUrl: `${this.url}/${provider}/userinfo`,
      scopes: [],
      pkce: false,
      formPost: false,
      ...extra,
    });
    return {
      kakao: make('kakao'),
      naver: make('naver'),
      google: make('google', { pkce: true, scopes: ['openid', 'email', 'profile'] }),
      apple: make('apple', { userinfoUrl: null, formPost: true, scopes: ['name', 'email'] }),
    };
  }
}

function freshAccount(provider: SocialProvider): ProviderAccount {
  const id = String(Date.now()) + String(Math.floor(Math.random() * 1000));
  return { id, email: `${provider}-${id}@example.com`, emailVerified: true, name: '새벽별' };
}

function userinfo({ provider, account }: Grant): object {
  if (provider === 'kakao') {
    return {
      id: Number(account.id),
      kakao_account: {
        email: account.email,
        is_email_verified: account.emailVerified,
        profile: { nickname: account.name, profile_image_url: null },
      },
    };
  }
  if (provider === 'naver') {
    return { resultcode: '00', message: 'success', response: { id: account.id, email: account.email, nickname: account.name } };
  }
  return { sub: account.id, email: account.email, email_verified: account.emailVerified, name: account.name };
}
