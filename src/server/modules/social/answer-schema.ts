import { z } from 'zod';
import type { Conforms } from '../../http/openapi/envelopes.ts';
import type { BAD_TOKEN, kakaoUserinfo, naverUserinfo, oauthErrorBody, tokenBody } from './stand-in-routes.ts';

/** RFC 6749 section 5.1, as the providers answer it. */
export const standInTokenAnswer = z
  .strictObject({ access_token: z.string(), token_type: z.literal('bearer'), expires_in: z.int().min(1) })
  .meta({ id: 'StandInToken' });

export type StandInTokenAnswer = Conforms<ReturnType<typeof tokenBody>, z.infer<typeof standInTokenAnswer>>;

/** RFC 6749 section 5.2. */
export const standInOAuthErrorAnswer = z
  .strictObject({
    error: z.enum(['invalid_client', 'invalid_request', 'invalid_grant', 'unsupported_grant_type']),
    error_description: z.string(),
  })
  .meta({ id: 'StandInOAuthError' });

export type StandInOAuthErrorAnswer = Conforms<ReturnType<typeof oauthErrorBody>, z.infer<typeof standInOAuthErrorAnswer>>;

const kakaoUserinfoAnswer = z.strictObject({
  id: z.int(),
  properties: z.strictObject({ nickname: z.string() }),
  kakao_account: z.union([
    z.strictObject({
      profile_nickname_needs_agreement: z.boolean(),
      profile: z.strictObject({ nickname: z.string(), is_default_image: z.boolean() }),
      has_email: z.boolean(),
      email_needs_agreement: z.boolean(),
      is_email_valid: z.boolean(),
      is_email_verified: z.boolean(),
      email: z.string(),
    }),
    z.strictObject({
      profile_nickname_needs_agreement: z.boolean(),
      profile: z.strictObject({ nickname: z.string(), is_default_image: z.boolean() }),
      has_email: z.boolean(),
    }),
  ]),
});

export type KakaoUserinfoAnswer = Conforms<ReturnType<typeof kakaoUserinfo>, z.infer<typeof kakaoUserinfoAnswer>>;

const naverUserinfoAnswer = z.strictObject({
  resultcode: z.string(),
  message: z.string(),
  response: z.strictObject({ id: z.string(), nickname: z.string(), email: z.string().optional() }),
});

export type NaverUserinfoAnswer = Conforms<ReturnType<typeof naverUserinfo>, z.infer<typeof naverUserinfoAnswer>>;

/** Each provider's own shape: Kakao's, then Naver's. */
export const standInUserinfoAnswer = z.union([kakaoUserinfoAnswer, naverUserinfoAnswer]).meta({ id: 'StandInUserinfo' });

const kakaoBadTokenAnswer = z.strictObject({ msg: z.string(), code: z.int() });
const naverBadTokenAnswer = z.strictObject({ resultcode: z.string(), message: z.string() });

export type KakaoBadTokenAnswer = Conforms<(typeof BAD_TOKEN)['kakao'], z.infer<typeof kakaoBadTokenAnswer>>;
export type NaverBadTokenAnswer = Conforms<(typeof BAD_TOKEN)['naver'], z.infer<typeof naverBadTokenAnswer>>;

export const standInBadTokenAnswer = z.union([kakaoBadTokenAnswer, naverBadTokenAnswer]).meta({ id: 'StandInBadToken' });
