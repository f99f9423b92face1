import { REACTION_TYPES } from './reactions.ts';
import type { ReactionCounts, ReactionTypeName } from './reactions.ts';

export interface ReactionState {
  counts: ReactionCounts;
  mine: ReactionTypeName[];
}

/** The state right after the member taps a reaction, before the server answers. */
export function toggled(state: ReactionState, type: ReactionTypeName): ReactionState {
  const had = state.mine.includes(type);
  return {
    counts: { ...state.counts, [type]: Math.max(0, state.counts[type] + (had ? -1 : 1)) },
    mine: had ? state.mine.filter((t) => t !== type) : REACTION_TYPES.filter((t) => t === type || state.mine.includes(t)),
  };
}

export const totalReactions = (counts: ReactionCounts): number => REACTION_TYPES.reduce((sum, type) => sum + counts[type], 0);
