import type { UserListItem } from './users.ts';

/** The five reactions of API-CONVENTIONS.md, in the order they are shown, with their Korean texts. */
export const REACTION_TYPES = ['like', 'cheer', 'empathy', 'awesome', 'thanks'] as const;
export type ReactionTypeName = (typeof REACTION_TYPES)[number];

export const REACTION_TEXTS: Record<ReactionTypeName, string> = {
  like: '좋아요',
  cheer: '응원해요',
  empathy: '공감돼요',
  awesome: '멋져요',
  thanks: '고마워요',
};

export type ReactionCounts = Record<ReactionTypeName, number>;

/** One line of `GET /api/reactions/users`: who reacted, and with which reaction. */
export interface ReactionUser extends UserListItem {
  reaction_type: ReactionTypeName;
}

export const emptyReactionCounts = (): ReactionCounts => ({ like: 0, cheer: 0, empathy: 0, awesome: 0, thanks: 0 });

export const isReactionType = (value: unknown): value is ReactionTypeName =>
  typeof value === 'string' && (REACTION_TYPES as readonly string[]).includes(value);
