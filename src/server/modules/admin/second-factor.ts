import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Db } from '../../db/client.ts';
import { sessions, staffRecoveryCodes, users } from '../../db/schema/index.ts';
import type { User } from '../../db/schema/index.ts';
import { conflict, invalidInput } from '../../domain-errors.ts';
import { openSecret, sealSecret } from './secret-box.ts';

/** What the authenticator app lists the account under. */
export const TOTP_ISSUER = '리추얼 운영';
export const RECOVERY_CODE_COUNT = 10;
/** One 30-second step either side: a phone clock a little off still works. */
const TOLERANCE_SECONDS = 30;

export const WRONG_CODE = '인증 코드가 맞지 않아요. 앱에 보이는 6자리 숫자나 복구 코드를 입력해 주세요.';
export const USED_CODE = '이미 사용한 인증 코드예요. 앱에 새 코드가 나오면 그 코드를 입력해 주세요.';

export const isStaffRole = (role: User['role']): boolean => role === 'staff' || role === 'admin';

/** Whether this sign-in has passed the second factor (set on the session, so it ends with it). */
export const sessionPassedSecondFactor = (data: Record<string, unknown> | null | undefined): boolean =>
  typeof data?.second_factor_at === 'string';

export interface SecondFactorState {
  enrolled: boolean;
  verified: boolean;
}

export const secondFactorState = (user: User, sessionData: Record<string, unknown> | null | undefined): SecondFactorState => ({
  enrolled: user.totpEnabledAt !== null,
  verified: user.totpEnabledAt !== null && sessionPassedSecondFactor(sessionData),
});

export interface Enrolment {
  secret: string;
  otpauth_url: string;
  /** The otpauth URL as an SVG QR code, to scan. */
  qr_svg: string;
}

/**
 * Starts (or restarts) enrolment: a fresh secret, sealed on the account, not yet in force. A
 * staff member who already has a second factor cannot replace it here.
 */
export async function startEnrolment(db: Db, appKey: string, user: User): Promise<Enrolment> {
  if (user.totpEnabledAt) throw conflict('이미 2단계 인증을 설정했어요.');
  const secret = generateSecret();
  await db
    .update(users)
    .set({ totpSecret: sealSecret(appKey, secret) })
    .where(eq(users.id, user.id));
  const otpauthUrl = generateURI({ issuer: TOTP_ISSUER, label: user.email, secret });
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauth_url: otpauthUrl, qr_svg: qrSvg };
}

/** The 30-second time step of the app's code, or null when it is not one. */
async function matchingStep(appKey: string, sealed: string | null, code: string): Promise<number | null> {
  const secret = sealed ? openSecret(appKey, sealed) : null;
  if (!secret || !/^\d{6}$/.test(code)) return null;
  const result = await verify({ secret, token: code, epochTolerance: TOLERANCE_SECONDS });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * RFC 6238 section 5.2: a code is good once. Only a step later than the last one accepted passes,
 * and the test and the write are one statement, so two sign-ins sending the same code at once
 * cannot both pass.
 */
const isNewStep = (step: number) => or(isNull(users.totpLastStep), lt(users.totpLastStep, step));

const hashCode = (code: string): string => createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');

/** Ten codes such as `7f3a-91c2-04`, each good once. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const hex = randomBytes(5).toString('hex');
    return `${hex.slice(0, 4)}-${hex.slice(4, 8)}-${hex.slice(8)}`;
  });
}

async function markSessionPassed(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ data: sql`${sessions.data} || jsonb_build_object('second_factor_at', now())` })
    .where(eq(sessions.id, sessionId));
}

/**
 * The first code from the app puts the second factor in force, hands out the recovery codes (shown
 * once; only their hashes are kept) and lets this session into the console.
 */
export async function confirmEnrolment(db: Db, appKey: string, user: User, sessionId: string, code: string): Promise<string[]> {
  if (user.totpEnabledAt) throw conflict('이미 2단계 인증을 설정했어요.');
  if (!user.totpSecret) throw conflict('먼저 인증 앱에 등록할 QR 코드를 받아 주세요.');
  const step = await matchingStep(appKey, user.totpSecret, code.trim());
  if (step === null) throw invalidInput({ code: [WRONG_CODE] });
  const codes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    const [enabled] = await tx
      .update(users)
      .set({ totpEnabledAt: new Date(), totpLastStep: step })
      .where(and(eq(users.id, user.id), isNull(users.totpEnabledAt), isNewStep(step)))
      .returning({ id: users.id });
    if (!enabled) {
      const [current] = await tx.select({ enabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, user.id));
      throw current?.enabledAt ? conflict('이미 2단계 인증을 설정했어요.') : invalidInput({ code: [USED_CODE] });
    }
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, user.id));
    await tx.insert(staffRecoveryCodes).values(codes.map((recovery) => ({ userId: user.id, codeHash: hashCode(recovery) })));
    await markSessionPassed(tx as unknown as Db, sessionId);
  });
  return codes;
}

/** A code from the app not used before, or one unused recovery code (then spent), lets this session in. */
export async function passSecondFactor(db: Db, appKey: string, user: User, sessionId: string, code: string): Promise<{ usedRecoveryCode: boolean }> {
  if (!user.totpEnabledAt) throw conflict('먼저 2단계 인증을 설정해 주세요.');
  const given = code.trim();
  const step = await matchingStep(appKey, user.totpSecret, given);
  if (step !== null) {
    await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(users)
        .set({ totpLastStep: step })
        .where(and(eq(users.id, user.id), isNewStep(step)))
        .returning({ id: users.id });
      if (!claimed) throw invalidInput({ code: [USED_CODE] });
      await markSessionPassed(tx as unknown as Db, sessionId);
    });
    return { usedRecoveryCode: false };
  }
  const [spent] = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(staffRecoveryCodes.userId, user.id), eq(staffRecoveryCodes.codeHash, hashCode(given)), isNull(staffRecoveryCodes.usedAt)))
    .returning({ id: staffRecoveryCodes.id });
  if (!spent) throw invalidInput({ code: [WRONG_CODE] });
  await markSessionPassed(db, sessionId);
  return { usedRecoveryCode: true };
}
