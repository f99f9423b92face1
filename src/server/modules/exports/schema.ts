/** The member's export (API-CONVENTIONS.md, "Drafts and the member's own data"): its rules and what a person reads. */

export const EXPORT_RULES = {
  /** Exports a member may start in one Seoul day; the next answers 429. */
  perDay: 3,
  /** How long a ready download is kept. */
  keepDays: 7,
  /** A run claimed this long ago is taken to have died with its instance, and is claimed again. */
  staleMinutes: 30,
} as const;

export const EXPORT_MESSAGES = {
  notFound: '내보내기를 찾을 수 없어요.',
  notReady: '아직 준비 중이에요. 준비되면 알림과 메일로 알려 드릴게요.',
  failed: '내보내기를 만들지 못했어요. 마이페이지에서 다시 시도해 주세요.',
  expired: '내려받을 수 있는 기간(7일)이 지났어요. 마이페이지에서 새로 내보내기를 해 주세요.',
  fileMissing: '내려받을 파일을 찾을 수 없어요. 마이페이지에서 새로 내보내기를 해 주세요.',
  tooMany: `내 기록 내보내기는 하루에 ${EXPORT_RULES.perDay}번까지 할 수 있어요. 내일 다시 시도해 주세요.`,
} as const;
