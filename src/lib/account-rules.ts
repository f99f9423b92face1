/**
 * The account rules that the sign-up form shows before submit and the server enforces:
 * one source for both sides.
 */

export const EMAIL_MAX = 255;
export const NICKNAME_MIN = 2;
export const NICKNAME_MAX = 12;
export const USERNAME_MIN = 4;
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

/** Lowercase letters, digits, dot and underscore; starts with a letter. */
export const USERNAME_PATTERN = /^[a-z][a-z0-9._]*$/;
/** Hangul, Latin letters and digits; no spaces or symbols. */
export const NICKNAME_PATTERN = /^[가-힣a-zA-Z0-9]+$/;

/** Names people could mistake for the service speaking. */
export const RESERVED_USERNAMES = new Set([
  'admin',
  'administrator',
  'root',
  'ritual',
  'official',
  'support',
  'help',
  'staff',
  'manager',
  'system',
  'api',
  'mypage',
  'login',
  'logout',
  'register',
  'notice',
]);

/** Names people could mistake for the service, or for a member who has left. */
export const RESERVED_NICKNAMES = new Set(['탈퇴한회원', '알수없음', '익명', '운영', '운영자', '관리자', '관리', '리추얼', '공식', '고객센터', 'admin', 'ritual']);

/** Words that speak for the service wherever they stand in a name (리추얼운영팀, 공식관리자). */
const SPEAKING_FOR_THE_SERVICE = ['운영자', '운영진', '운영팀', '관리자', '관리팀', '관리인', '고객센터', '상담원', '탈퇴한회원', 'admin', 'official', 'staff', 'operator', 'moderator'];

/** What a reserved word is dressed in to slip past an exact match: 리추얼팀, 운영님, ritualteam. */
const RESERVED_PREFIX = /^(리추얼|ritual|공식|official)/;
const RESERVED_SUFFIX = /(팀|진|님|측|봇|본부|센터|team|bot)$/;

/**
 * The name as a reader takes it in: compatibility forms folded (ＡＤＭＩＮ), case, spaces, digits
 * and punctuation ignored (관리자1, admin_01).
 */
const normalizeName = (name: string): string =>
  name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\d_.-]/g, '');

export function isReservedNickname(nickname: string): boolean {
  const core = normalizeName(nickname);
  if (core === '' || RESERVED_NICKNAMES.has(core)) return true;
  if (SPEAKING_FOR_THE_SERVICE.some((word) => core.includes(word))) return true;
  const bare = core.replace(RESERVED_PREFIX, '').replace(RESERVED_SUFFIX, '');
  return bare !== core && (bare === '' || RESERVED_NICKNAMES.has(bare));
}

export const isReservedUsername = (username: string): boolean => RESERVED_USERNAMES.has(normalizeName(username));

export interface PasswordRule {
  label: string;
  test: (password: string) => boolean;
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  { label: `${PASSWORD_MIN}자 이상 ${PASSWORD_MAX}자 이하`, test: (p) => p.length >= PASSWORD_MIN && p.length <= PASSWORD_MAX },
  { label: '영문 포함', test: (p) => /[A-Za-z]/.test(p) },
  { label: '숫자 포함', test: (p) => /\d/.test(p) },
  { label: '특수문자 포함', test: (p) => /[^A-Za-z0-9\s]/.test(p) },
];

export const passwordMeetsRules = (password: string): boolean => PASSWORD_RULES.every((rule) => rule.test(password));

export const ACCOUNT_MESSAGES = {
  emailRequired: '이메일을 입력해 주세요.',
  emailInvalid: '올바른 이메일 주소를 입력해 주세요.',
  emailTaken: '이미 가입된 이메일입니다.',
  nicknameRequired: '닉네임을 입력해 주세요.',
  nicknameLength: `닉네임은 ${NICKNAME_MIN}자 이상 ${NICKNAME_MAX}자 이하로 입력해 주세요.`,
  nicknamePattern: '닉네임은 한글, 영문, 숫자만 사용할 수 있어요.',
  nicknameReserved: '사용할 수 없는 닉네임입니다.',
  nicknameTaken: '이미 사용 중인 닉네임입니다.',
  usernameRequired: '아이디를 입력해 주세요.',
  usernameLength: `아이디는 ${USERNAME_MIN}자 이상 ${USERNAME_MAX}자 이하로 입력해 주세요.`,
  usernamePattern: '아이디는 영문 소문자로 시작하고 영문 소문자, 숫자, 마침표(.), 밑줄(_)만 사용할 수 있어요.',
  usernameReserved: '사용할 수 없는 아이디입니다.',
  usernameTaken: '이미 사용 중인 아이디입니다.',
  passwordRequired: '비밀번호를 입력해 주세요.',
  passwordRules: `비밀번호는 영문, 숫자, 특수문자를 모두 포함해 ${PASSWORD_MIN}자 이상 ${PASSWORD_MAX}자 이하로 입력해 주세요.`,
  passwordMismatch: '비밀번호가 일치하지 않습니다.',
  agreeTerms: '이용약관에 동의해 주세요.',
  agreePrivacy: '개인정보 수집 및 이용에 동의해 주세요.',
} as const;
