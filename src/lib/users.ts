/**
 * Members as the API shows them (API-CONVENTIONS.md): the one shape each, read by the islands and
 * written by the server's serializers (src/server/modules/users/resource.ts, me/resource.ts).
 */

/** The signed-in member, to themselves (`GET /api/user`, sign-in and sign-up answers). */
export interface CurrentUser {
  id: number;
  email: string;
  nickname: string;
  username: string;
  profile_image: string | null;
  introduction: string | null;
  role: 'member' | 'staff' | 'admin';
  email_verified_at: string | null;
  agreed_terms_at: string | null;
  phone_verified_at: string | null;
  created_at: string;
}

/** The member's own profile page (`GET /api/me`): the phone masked. */
export interface MyProfile {
  id: number;
  email: string;
  nickname: string;
  username: string;
  introduction: string | null;
  profile_image: string | null;
  country_code: string | null;
  phone: string | null;
  phone_verified_at: string | null;
  email_verified_at: string | null;
  agreed_marketing_at: string | null;
  created_at: string;
}

/** A member as others see them; a deleted member only as 탈퇴한 회원, with no handle or picture. */
export interface PublicUser {
  id: number;
  nickname: string;
  username: string | null;
  profile_image: string | null;
  introduction: string | null;
  created_at: string | null;
}

/** A line of a list of people (who reacted, who read): SPEC section 3's users list item. */
export interface UserListItem {
  id: number;
  nickname: string;
  profile_image: string | null;
  username: string;
}
