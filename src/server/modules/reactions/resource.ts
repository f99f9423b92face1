import type { ReactionUser as ReactionUserItem } from '../../../lib/reactions.ts';
import type { ReactionUser } from './service.ts';

export const reactionUserResource = (user: ReactionUser): ReactionUserItem => ({
  id: user.id,
  nickname: user.nickname,
  profile_image: user.profileImage,
  username: user.username,
  reaction_type: user.reactionType,
});
