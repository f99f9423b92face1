import type { reactionUserResource } from '../../server/modules/reactions/resource.ts';
import type { reactionToggleInput } from '../../server/modules/reactions/schema.ts';
import type { ReactionCounts, ReactionTypeName } from '../reactions.ts';
import type { Answer, Body } from './body.ts';
import { clientFor } from './clients.ts';

export interface ReactionToggled {
  reacted: boolean;
  reaction_type: ReactionTypeName;
  reaction_counts: ReactionCounts;
  my_reactions: ReactionTypeName[];
  reactions_count: number;
}
export type ReactionUserAnswer = Answer<ReturnType<typeof reactionUserResource>[]>;

export async function toggleReaction(input: Body<typeof reactionToggleInput>): Promise<ReactionToggled> {
  const { data } = await clientFor().post<Answer<ReactionToggled>>('/api/reactions', { ...input });
  return data;
}

/** The key of a who-reacted list, read through the query context. */
export const reactionUsersPath = (modelType: string, modelId: number, reactionType?: ReactionTypeName): string =>
  `/api/reactions/users?${new URLSearchParams({ model_type: modelType, model_id: String(modelId) }).toString()}${reactionType ? `&reaction_type=${reactionType}` : ''}`;
