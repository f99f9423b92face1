import { OAuth2Client, CodeChallengeMethod, generateCodeVerifier, generateState } from 'arctic';
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { safeRedirect } from '../../../lib/page-guards.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { socialProviders } from '../../db/schema/index.ts';
import type { SocialProvider } from '../../db/schema/index.ts';
import type { AppContext, AppEnv } from '../../http/context.ts';
import { baseCookie } from '../../http/cookies.ts';
import { signIn } from '../../http/session.ts';
import { isSuspended } from '../users/suspension.ts';
import { fetchSocialProfile } from './profile.ts';
import { socialCallbackUrl } from './providers.ts';
import type { SocialSettings } from './provider-settings.ts';
import { standInRoutes } from './stand-in-routes.ts';
import { memberForSocialAccount } from './service.ts';

const FLOW_COOKIE = 'oauth_flow';
const FLOW_MINUTES = 10;

interface Flow {
  provider: SocialProvider;
  state: string;
  verifier: string | null;
  redirect: string;
}

const isProvider = (value: string): value is SocialProvider => (socialProviders as readonly string[]).includes(value);
const callbackUrl = (config: AppConfig, provider: SocialProvider) => socialCallbackUrl(config.appUrl, provider);
const failed = (c: AppContext, reason: string) => c.redirect(`/login?error=${reason}`, 302);

function readFlow(c: AppContext): Flow | null {
  const raw = getCookie(c, FLOW_COOKIE);
  if (!raw) return null;
  try {
    return JSON.parse(Buffer.from(raw, 'base64url').toString()) as Flow;
  } catch {
    return null;
  }
}

/**
 * Social sign-in: a redirect to the provider with a state (and PKCE where the provider takes it),
 * then the callback that checks the state, trades the code for tokens, reads the account and
 * signs the member in. A member who has not agreed to the terms goes to /register/sns first.
 */
export function socialRoutes(db: Db, config: AppConfig, providers: SocialSettings) {
  return new Hono<AppEnv>()
    .route('/', standInRoutes(config, providers))
    .get('/login/:provider', (c) => {
      const name = c.req.param('provider');
      const settings = isProvider(name) ? providers[name] : undefined;
      if (!settings) return failed(c, 'unavailable');
      const state = generateState();
      const verifier = settings.pkce ? generateCodeVerifier() : null;
      const client = new OAuth2Client(settings.clientId, settings.clientSecret(), callbackUrl(config, settings.provider));
      const url = verifier
        ? client.createAuthorizationURLWithPKCE(settings.authorizeUrl, state, CodeChallengeMethod.S256, verifier, settings.scopes)
        : client.createAuthorizationURL(settings.authorizeUrl, state, settings.scopes);
      if (settings.formPost) url.searchParams.set('response_mode', 'form_post');
      const flow: Flow = { provider: settings.provider, state, verifier, redirect: safeRedirect(c.req.query('redirect'), config.appUrl) };
      setCookie(c, FLOW_COOKIE, Buffer.from(JSON.stringify(flow)).toString('base64url'), {
        ...baseCookie(config),
        httpOnly: true,
        maxAge: FLOW_MINUTES * 60,
      });
      return c.redirect(url.toString(), 302);
    })
    .post('/login/:provider/callback', async (c) => {
      // Apple posts from its own site, and a SameSite=Lax cookie stays behind on such a POST:
      // the answer is moved to a same-site GET, where the flow cookie comes along.
      const form = new URLSearchParams();
      const body = c.env.prepared.body.fields;
      for (const name of ['code', 'state', 'user', 'error']) {
        const value = body[name];
        if (typeof value === 'string') form.set(name, value);
      }
      return c.redirect(`/login/${encodeURIComponent(c.req.param('provider'))}/callback?${form.toString()}`, 303);
    })
    .get('/login/:provider/callback', async (c) => {
      const name = c.req.param('provider');
      const settings = isProvider(name) ? providers[name] : undefined;
      const flow = readFlow(c);
      deleteCookie(c, FLOW_COOKIE, baseCookie(config));
      if (!settings) return failed(c, 'unavailable');
      if (c.req.query('error')) return failed(c, 'cancelled');
      const code = c.req.query('code');
      if (!code || !flow || flow.provider !== settings.provider || flow.state !== c.req.query('state')) {
        return failed(c, 'state');
      }
      try {
        const client = new OAuth2Client(settings.clientId, settings.clientSecret(), callbackUrl(config, settings.provider));
        const tokens = await client.validateAuthorizationCode(settings.tokenUrl, code, flow.verifier);
        const profile = await fetchSocialProfile(settings, tokens, c.req.query('user'));
        const member = await memberForSocialAccount(db, settings.provider, profile);
        // The reason is not put in an address; signing in with e-mail tells it.
        if (isSuspended(member)) return failed(c, 'suspended');
        await signIn(c, db, config, member.id, true);
        c.get('log').info({ userId: member.id, provider: settings.provider }, 'signed in with a social account');
        const agreed = Boolean(member.agreedTermsAt && member.agreedPrivacyAt);
        // Checked again: the cookie came back from the browser.
        return c.redirect(agreed ? safeRedirect(flow.redirect, config.appUrl) : '/register/sns', 302);
      } catch (error) {
        c.get('log').warn({ err: error, provider: settings.provider }, 'social sign-in failed');
        return failed(c, 'provider');
      }
    });
}
