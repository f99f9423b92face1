import type { CurrentUser, PublicUser } from '../../../lib/users.ts';
import type { User } from '../../db/schema/index.ts';
import { apiTime } from '../../http/serialize.ts';

/** The signed-in member as the API shows them to themselves. */
export const currentUserResource = (user: User): CurrentUser => ({
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

export const DELETED_MEMBER_NICKNAME = '탈퇴한 회원';

/** A member as others see them: never e-mail or phone; a deleted member only as 탈퇴한 회원. */
export const publicUserResource = (user: User): PublicUser =>
  user.deletedAt
    ? { id: user.id, nickname: DELETED_MEMBER_NICKNAME, username: null, profile_image: null, introduction: null, created_at: null }
    : {
        id: user.id,
        nickname: user.nickname,
        username: user.username,
        profile_image: user.profileImage,
        introduction: user.introduction,
        created_at: apiTime(user.createdAt),
      };
