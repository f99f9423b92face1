import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps, timestamptz } from './columns.ts';

export const userRoles = ['member', 'staff', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    // Null for members who only ever signed in with a social account.
    passwordHash: text('password_hash'),
    nickname: text('nickname').notNull(),
    username: text('username').notNull(),
    profileImage: text('profile_image'),
    introduction: text('introduction'),
    role: text('role', { enum: userRoles }).notNull().default('member'),
    emailVerifiedAt: timestamptz('email_verified_at'),
    agreedTermsAt: timestamptz('agreed_terms_at'),
    agreedPrivacyAt: timestamptz('agreed_privacy_at'),
    agreedMarketingAt: timestamptz('agreed_marketing_at'),
    countryCode: text('country_code'),
    phone: text('phone'),
    phoneVerifiedAt: timestamptz('phone_verified_at'),
    inviteCode: text('invite_code'),
    deletedAt: timestamptz('deleted_at'),
    // Staff only: the TOTP secret, sealed with the app key (admin/secret-box.ts); set on enrolment,
    // confirmed once a first code matches.
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamptz('totp_enabled_at'),
    // The 30-second step of the last code accepted: a code is good once (RFC 6238, section 5.2).
    totpLastStep: integer('totp_last_step'),
    // A suspended member cannot sign in until then and is told the reason.
    suspendedUntil: timestamptz('suspended_until'),
    suspensionReason: text('suspension_reason'),
    // Staff may stop a member from posting and commenting for a time.
    postingLimitedUntil: timestamptz('posting_limited_until'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_invite_code_unique').on(t.inviteCode),
    // The console finds a member by phone number.
    index('users_phone_idx').on(t.phone),
    // Deleted members all read 탈퇴한 회원, so only live members' nicknames must differ.
    uniqueIndex('users_nickname_lower_live_unique').on(sql`lower(${t.nickname})`).where(sql`${t.deletedAt} is null`),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
