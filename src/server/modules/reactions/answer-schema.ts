import { z } from 'zod';
import { REACTION_TYPES } from '../../../lib/reactions.ts';
import type { Conforms } from '../../http/openapi/envelopes.ts';
import type { reactionUserResource } from './resource.ts';

export const reactionTypeAnswer = z.enum(REACTION_TYPES);

/** Every reaction with its count, zeros included. */
export const reactionCountsAnswer = z.record(reactionTypeAnswer, z.int().min(0));

export const reactionToggleAnswer = z
  .strictObject({
    reacted: z.boolean(),
    reaction_type: reactionTypeAnswer,
    reaction_counts: reactionCountsAnswer,
    my_reactions: z.array(reactionTypeAnswer),
    reactions_count: z.int().min(0),
  })
  .meta({ id: 'ReactionToggle' });

export const reactionUserAnswer = z
  .strictObject({ id: z.int(), nickname: z.string(), profile_image: z.string().nullable(), username: z.string(), reaction_type: reactionTypeAnswer })
  .meta({ id: 'ReactionUser' });

export type ReactionUserAnswer = Conforms<ReturnType<typeof reactionUserResource>, z.infer<typeof reactionUserAnswer>>;
