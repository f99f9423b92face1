import { z } from 'zod';
import { userRoles } from '../../db/schema/users.ts';
import { apiTimeAnswer } from '../../http/openapi/envelopes.ts';
import type { Conforms } from '../../http/openapi/envelopes.ts';
import type { currentUserResource, publicUserResource } from './resource.ts';

/** What a member's own account answers hold, to themselves: the current member and the profile. */
export const ownAccountFields = {
  id: z.int(),
  email: z.string(),
  nickname: z.string(),
  username: z.string(),
  profile_image: z.string().nullable(),
  introduction: z.string().nullable(),
  email_verified_at: apiTimeAnswer.nullable(),
  phone_verified_at: apiTimeAnswer.nullable(),
  created_at: apiTimeAnswer,
};

export const currentUserAnswer = z
  .strictObject({ ...ownAccountFields, role: z.enum(userRoles), agreed_terms_at: apiTimeAnswer.nullable() })
  .meta({ id: 'CurrentUser' });

export type CurrentUserAnswer = Conforms<ReturnType<typeof currentUserResource>, z.infer<typeof currentUserAnswer>>;

/** A deleted member is 탈퇴한 회원 with nothing else: hence the nulls. */
export const publicUserAnswer = z
  .strictObject({
    id: z.int(),
    nickname: z.string(),
    username: z.string().nullable(),
    profile_image: z.string().nullable(),
    introduction: z.string().nullable(),
    created_at: apiTimeAnswer.nullable(),
  })
  .meta({ id: 'PublicUser' });

export type PublicUserAnswer = Conforms<ReturnType<typeof publicUserResource>, z.infer<typeof publicUserAnswer>>;
