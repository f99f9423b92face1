import type { MyProfile } from '../../../lib/users.ts';
import type { User } from '../../db/schema/index.ts';
import { apiTime } from '../../http/serialize.ts';

/** 010-1234-5678 → 010-****-5678: enough for the member to recognise, useless to anyone else. */
export function maskPhone(phone: string | null): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 7) return '*'.repeat(digits.length);
  return `${digits.slice(0, 3)}-${'*'.repeat(digits.length - 7)}-${digits.slice(-4)}`;
}

/** The member's own profile (GET /api/me). */
export const profileResource = (user: User): MyProfile => ({
  id: user.id,
  email: user.email,
  nickname: user.nickname,
  username: user.username,
  introduction: user.introduction,
  profile_image: user.profileImage,
  country_code: user.countryCode,
  phone: maskPhone(user.phone),
  phone_verified_at: apiTime(user.phoneVerifiedAt),
  email_verified_at: apiTime(user.emailVerifiedAt),
  agreed_marketing_at: apiTime(user.agreedMarketingAt),
  created_at: apiTime(user.createdAt),
});
