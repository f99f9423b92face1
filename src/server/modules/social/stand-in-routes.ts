import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { EMAIL_MAX } from '../../../lib/account-rules.ts';
import type { AppConfig } from '../../config.ts';
import { invalidInput, notFound } from '../../domain-errors.ts';
import { parseWith } from '../../http/context.ts';
import type { AppContext, AppEnv } from '../../http/context.ts';
import { UNKNOWN_API_MESSAGE } from '../../http/incoming.ts';
import { socialCallbackUrl } from './providers.ts';
import type { SocialSettings } from './provider-settings.ts';
import {
  PRETEND_NICKNAME_MAX,
  TOKEN_SECONDS,
  checkAuthorizationRequest,
  issueAccessToken,
  issueCode,
  pretendAccount,
  readAccessToken,
  redeemCode,
  standInClientId,
  standInClientSecret,
  standInFor,
} from './stand-in.ts';
import type { PretendAccount, StandInProvider } from './stand-in.ts';

const accountSchema = z.object({
  nickname: z.string().trim().min(1, '닉네임을 적어 주세요.').max(PRETEND_NICKNAME_MAX, `닉네임은 ${PRETEND_NICKNAME_MAX}자까지 적을 수 있어요.`),
  email: z.union([z.literal(''), z.email('이메일 주소를 확인해 주세요.').max(EMAIL_MAX)]).default(''),
});

/** Kakao's userinfo answer, in its own shape (what profile.ts reads from the real one). */
export const kakaoUserinfo = ({ id, nickname, email }: PretendAccount) => ({
  id: Number(id),
  properties: { nickname },
  kakao_account: {
    profile_nickname_needs_agreement: false,
    profile: { nickname, is_default_image: true },
    ...(email
      ? { has_email: true, email_needs_agreement: false, is_email_valid: true, is_email_verified: true, email }
      : { has_email: false }),
  },
});

/** Naver's userinfo answer, in its own shape. */
export const naverUserinfo = ({ id, nickname, email }: PretendAccount) => ({
  resultcode: '00',
  message: 'success',
  response: { id, nickname, ...(email ? { email } : {}) },
});

const USERINFO = { kakao: kakaoUserinfo, naver: naverUserinfo } satisfies Record<StandInProvider, (account: PretendAccount) => object>;

/** What each answers for a missing, forged or expired access token. */
export const BAD_TOKEN = {
  kakao: { msg: 'this access token does not exist', code: -401 },
  naver: { resultcode: '024', message: 'Authentication failed (인증 실패하였습니다.)' },
} satisfies Record<StandInProvider, object>;

export type OAuthErrorCode = 'invalid_client' | 'invalid_request' | 'invalid_grant' | 'unsupported_grant_type';

export const oauthErrorBody = (error: OAuthErrorCode, description: string) => ({ error, error_description: description });

const oauthError = (c: AppContext, status: ContentfulStatusCode, error: OAuthErrorCode, description: string) => c.json(oauthErrorBody(error, description), status);

export const tokenBody = (accessToken: string) => ({ access_token: accessToken, token_type: 'bearer' as const, expires_in: TOKEN_SECONDS });

function sameSecret(given: string, expected: string): boolean {
  const left = Buffer.from(given);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The client's id and secret: HTTP Basic (as arctic sends them) or the form's fields. */
function clientOf(authorization: string | undefined, fields: Record<string, string | undefined>) {
  const basic = /^Basic (.+)$/i.exec(authorization ?? '')?.[1];
  if (!basic) return { id: fields.client_id, secret: fields.client_secret, basic: false };
  const decoded = Buffer.from(basic, 'base64').toString();
  const colon = decoded.indexOf(':');
  return colon === -1 ? { id: undefined, secret: undefined, basic: true } : { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1), basic: true };
}

/**
 * The stand-in's server side (stand-in.ts): the consent page's answer, the token endpoint and the
 * userinfo endpoint. Each answers 404, as any unknown path, unless the stand-in serves the provider.
 */
export function standInRoutes(config: AppConfig, providers: SocialSettings) {
  const served = (c: AppContext): StandInProvider => {
    const settings = standInFor(providers, c.req.param('provider') ?? '', config.isProduction);
    if (!settings) throw notFound(UNKNOWN_API_MESSAGE);
    return settings.provider as StandInProvider;
  };

  return new Hono<AppEnv>()
    .get('/api/dev/oauth/:provider/consent', (c) => {
      const provider = served(c);
      const query = new URL(c.req.url).searchParams;
      const checked = checkAuthorizationRequest(provider, socialCallbackUrl(config.appUrl, provider), query);
      if (!checked.ok) throw invalidInput({ [checked.field]: [checked.message] });
      const { request } = checked;
      const back = new URL(request.redirectUri);
      if (query.get('decision') === 'deny') {
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_description', 'User denied access');
      } else {
        const { nickname, email } = parseWith(accountSchema, { nickname: query.get('nickname') ?? '', email: query.get('email') ?? '' });
        const account = pretendAccount(provider, nickname, email || null);
        back.searchParams.set('code', issueCode(config.appKey, { provider, clientId: request.clientId, redirectUri: request.redirectUri, account }));
      }
      if (request.state !== null) back.searchParams.set('state', request.state);
      return c.redirect(back.toString(), 302);
    })
    // Called by the server itself (arctic), so the request-forgery check leaves it out (app.ts).
    .post('/api/dev/oauth/:provider/token', (c) => {
      const provider = served(c);
      c.header('Cache-Control', 'no-store');
      const form = c.env.prepared.body.fields;
      const field = (name: string) => (typeof form[name] === 'string' ? form[name] : undefined);
      const client = clientOf(c.req.header('authorization'), { client_id: field('client_id'), client_secret: field('client_secret') });
      if (client.id !== standInClientId(provider) || !sameSecret(client.secret ?? '', standInClientSecret(config.appKey, provider))) {
        if (client.basic) c.header('WWW-Authenticate', 'Basic realm="stand-in"');
        return oauthError(c, 401, 'invalid_client', 'Client authentication failed.');
      }
      const grantType = field('grant_type');
      if (grantType !== 'authorization_code') {
        return grantType
          ? oauthError(c, 400, 'unsupported_grant_type', 'Only authorization_code is supported.')
          : oauthError(c, 400, 'invalid_request', 'grant_type is missing.');
      }
      const code = field('code');
      if (!code) return oauthError(c, 400, 'invalid_request', 'code is missing.');
      const grant = redeemCode(config.appKey, code);
      if (!grant || grant.provider !== provider || grant.clientId !== client.id) {
        return oauthError(c, 400, 'invalid_grant', 'The authorization code is invalid or has expired.');
      }
      if (field('redirect_uri') !== grant.redirectUri) {
        return oauthError(c, 400, 'invalid_grant', 'redirect_uri does not match the authorization request.');
      }
      const accessToken = issueAccessToken(config.appKey, grant);
      return c.json(tokenBody(accessToken));
    })
    .get('/api/dev/oauth/:provider/userinfo', (c) => {
      const provider = served(c);
      const token = /^Bearer (.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
      const grant = token ? readAccessToken(config.appKey, token) : null;
      if (!grant || grant.provider !== provider) {
        c.header('WWW-Authenticate', 'Bearer error="invalid_token"');
        return c.json(BAD_TOKEN[provider], 401);
      }
      return c.json(USERINFO[provider](grant.account));
    });
}
