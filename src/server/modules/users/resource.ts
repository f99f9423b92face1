import type { User } from '../../db/schema/index.ts';
import { apiTime } from '../../http/serialize.ts';

/** The signed-in member as the API shows them to themselves. */
export const currentUserResource = (user: User) => ({
  id: user.id,
  email: user.email,
  nickname: user.nickname,
  username: user.username,
  profile_image: user.profileImage,
  introduction: user.introduction,
  role: user.role,
  email_verified_at: apiTime(user.emailVerifiedAt),
  agreed_terms_at: apiTime(user.agreedTermsAt),
  phone_verified_at: apiTime(user.phoneVerifiedAt),
  created_at: apiTime(user.createdAt),
});
