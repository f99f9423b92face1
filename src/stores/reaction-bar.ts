import { map } from 'nanostores';
import { toggleReaction } from '../lib/api/reactions.ts';
import { toggled } from '../lib/reaction-state.ts';
import { REACTION_TEXTS } from '../lib/reactions.ts';
import type { ReactionCounts, ReactionTypeName } from '../lib/reactions.ts';
import { forgetReactionUsers, openReactionUsersList } from './reaction-users.ts';

interface ReactionBarOptions {
  modelType: string;
  modelId: number;
  counts: ReactionCounts;
  mine: ReactionTypeName[];
  /** Inside a room, the users list leads to room profiles. */
  roomId?: number | undefined;
}

/**
 * The reactions of one thing, for its bar: a tap shows at once and the server's answer settles
 * it; who reacted opens in the global modal. `announcement` is for screen readers.
 */
export function createReactionBar({ modelType, modelId, counts, mine, roomId }: ReactionBarOptions) {
  const $bar = map({ counts, mine, announcement: '', error: undefined as unknown, opening: false });
  // The latest tap wins: an older answer arriving late must not undo a newer tap.
  let latest = 0;

  const toggle = async (type: ReactionTypeName): Promise<void> => {
    const before = { counts: $bar.get().counts, mine: $bar.get().mine };
    const ticket = (latest += 1);
    $bar.set({ ...$bar.get(), ...toggled(before, type), error: undefined });
    try {
      const data = await toggleReaction({ model_type: modelType, model_id: modelId, reaction_type: type });
      forgetReactionUsers(modelType, modelId);
      if (ticket !== latest) return;
      const said = `${REACTION_TEXTS[type]} ${data.reacted ? '반응을 남겼어요' : '반응을 취소했어요'}. ${data.reaction_counts[type]}명`;
      $bar.set({ ...$bar.get(), counts: data.reaction_counts, mine: data.my_reactions, announcement: said });
    } catch (error) {
      if (ticket === latest) $bar.set({ ...$bar.get(), ...before, error });
    }
  };

  const showUsers = async (): Promise<void> => {
    if ($bar.get().opening) return;
    $bar.set({ ...$bar.get(), opening: true, error: undefined });
    try {
      await openReactionUsersList({ modelType, modelId, ...(roomId === undefined ? {} : { roomId }) });
    } catch (error) {
      $bar.setKey('error', error);
    } finally {
      $bar.setKey('opening', false);
    }
  };

  return { $bar, toggle, showUsers };
}
