import { z } from 'zod';
import { reportModelTypes, reportReasons } from '../../db/schema/index.ts';
import { idField } from '../../http/route-id.ts';

export const REPORT_DETAIL_MAX = 500;

export const REPORT_MESSAGES = {
  modelType: '신고할 수 없는 대상이에요.',
  modelId: '신고할 글이나 댓글을 선택해 주세요.',
  reason: '신고 사유를 선택해 주세요.',
  detailTooLong: `신고 내용은 ${REPORT_DETAIL_MAX.toLocaleString('ko-KR')}자 이하로 입력해 주세요.`,
  already: '이미 신고한 글이에요. 운영진이 확인하고 있어요.',
  own: '내가 쓴 글이나 댓글은 신고할 수 없어요.',
} as const;

export const reportInput = z.object({
  model_type: z.enum(reportModelTypes, { error: REPORT_MESSAGES.modelType }),
  model_id: idField(REPORT_MESSAGES.modelId),
  reason: z.enum(reportReasons, { error: REPORT_MESSAGES.reason }),
  detail: z
    .string({ error: REPORT_MESSAGES.detailTooLong })
    .transform((value) => value.replace(/\r/g, '').trim())
    .pipe(z.string().max(REPORT_DETAIL_MAX, REPORT_MESSAGES.detailTooLong))
    .nullish()
    .transform((value) => value || null),
});
