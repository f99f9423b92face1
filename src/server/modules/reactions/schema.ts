import { z } from 'zod';
import { idField } from '../../http/route-id.ts';
import { REACTION_TYPES } from '../../../lib/reactions.ts';

export const REACTION_MESSAGES = {
  modelType: '지원하지 않는 대상이에요.',
  modelId: '반응을 남길 글을 선택해 주세요.',
  reactionType: '반응 종류를 다시 선택해 주세요.',
} as const;

const target = {
  model_type: z.string({ error: REACTION_MESSAGES.modelType }),
  model_id: idField(REACTION_MESSAGES.modelId),
};

export const reactionToggleInput = z.object({
  ...target,
  reaction_type: z.enum(REACTION_TYPES, { error: REACTION_MESSAGES.reactionType }),
});

export const reactionUsersQuery = z.object({
  ...target,
  reaction_type: z.preprocess((value) => (value === '' ? undefined : value), z.enum(REACTION_TYPES, { error: REACTION_MESSAGES.reactionType }).optional()),
});
