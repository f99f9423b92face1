import { z } from 'zod';
import { userRoles } from '../../db/schema/users.ts';
import { apiTimeAnswer } from '../../http/openapi/envelopes.ts';

const adminMemberListItemFields = {
  id: z.int(),
  email: z.string(),
  nickname: z.string(),
  username: z.string(),
  phone: z.string().nullable(),
  country_code: z.string().nullable(),
  role: z.enum(userRoles),
  email_verified_at: apiTimeAnswer.nullable(),
  is_suspended: z.boolean(),
  suspended_until: apiTimeAnswer.nullable(),
  deleted_at: apiTimeAnswer.nullable(),
  created_at: apiTimeAnswer,
};

export const adminMemberListItemAnswer = z.strictObject(adminMemberListItemFields).meta({ id: 'AdminMemberListItem' });

export const adminMemberAnswer = z
  .strictObject({
    ...adminMemberListItemFields,
    profile_image: z.string().nullable(),
    introduction: z.string().nullable(),
    phone_verified_at: apiTimeAnswer.nullable(),
    agreed_terms_at: apiTimeAnswer.nullable(),
    agreed_privacy_at: apiTimeAnswer.nullable(),
    agreed_marketing_at: apiTimeAnswer.nullable(),
    second_factor_enabled_at: apiTimeAnswer.nullable(),
    suspension_reason: z.string().nullable(),
    posting_limited_until: apiTimeAnswer.nullable(),
    updated_at: apiTimeAnswer,
    counts: z.strictObject({
      orders: z.int().min(0),
      square_posts: z.int().min(0),
      ritual_session_posts: z.int().min(0),
      comments: z.int().min(0),
    }),
  })
  .meta({ id: 'AdminMember' });

export const accountDeletionAnswer = z
  .strictObject({ id: z.int(), user_id: z.int(), reason: z.string(), joined_at: apiTimeAnswer, created_at: apiTimeAnswer })
  .meta({ id: 'AccountDeletion' });
