import { map } from 'nanostores';
import { isApiError } from '../lib/api-errors.ts';
import { sendReport } from '../lib/api/reports.ts';
import type { REPORT_REASON_LABELS } from '../lib/moderation.ts';

export type ReportModelType = 'square_post' | 'ritual_session_post' | 'comment';
export type ReportReason = keyof typeof REPORT_REASON_LABELS;

const CHOOSE_REASON = '신고 사유를 선택해 주세요.';
// The server's own words for these: already reported (409), gone (404), not allowed (403).
const TOLD_BY_SERVER = [403, 404, 409];

const serverWords = (error: unknown): string => {
  if (!isApiError(error) || !TOLD_BY_SERVER.includes(error.status)) return '';
  const message = (error.data as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : '';
};

/**
 * 신고 of one post or comment: `problem` is a line to show as it is (no reason chosen, or the
 * server's own words); any other failure is kept as `failure` for the island to word.
 */
export function createReport(modelType: ReportModelType, modelId: number) {
  const $state = map({ phase: 'idle' as 'idle' | 'sending' | 'done', problem: '', failure: undefined as unknown });

  const clear = (): void => $state.set({ ...$state.get(), problem: '', failure: undefined });

  const send = async (reason: ReportReason | null, detail: string): Promise<void> => {
    if (!reason) {
      $state.set({ ...$state.get(), problem: CHOOSE_REASON, failure: undefined });
      return;
    }
    $state.set({ phase: 'sending', problem: '', failure: undefined });
    try {
      await sendReport({ model_type: modelType, model_id: modelId, reason, detail }, [...TOLD_BY_SERVER, 422]);
      $state.setKey('phase', 'done');
    } catch (error) {
      const words = serverWords(error);
      $state.set({ phase: 'idle', problem: words, failure: words === '' ? error : undefined });
    }
  };

  return { $state, clear, send };
}
