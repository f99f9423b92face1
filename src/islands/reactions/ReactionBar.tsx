/**
 * The five reactions under a post, with their counts, toggled at once (optimistic) and settled by
 * the server's answer. Usage (seeded from the post's resource):
 *   <ReactionBar client:visible modelType="square_post" modelId={post.id}
 *     initialCounts={post.reaction_counts} initialMine={post.my_reactions} viewer={viewer} loginHref="/login?redirect=…" />
 * `viewer` null shows the counts read-only with a 로그인 link. `roomId` makes the users list lead to room profiles.
 */
import { useRef, useState } from 'react';
import { api } from '../../lib/browser-api.ts';
import { REACTION_TEXTS, REACTION_TYPES } from '../../lib/reactions.ts';
import type { ReactionCounts, ReactionTypeName } from '../../lib/reactions.ts';
import { forgetReactionUsers, openReactionUsersList } from '../../stores/reaction-users.ts';
import { failureMessages } from '../shared/failure-messages.ts';
import { ActionFeedback } from '../shared/ActionFeedback.tsx';
import { toggled, totalReactions } from './reaction-state.ts';
import type { ReactionState } from './reaction-state.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import { useLoginHref } from '../shared/use-login-href.ts';
import './reactions.css';

export interface ReactionBarProps {
  modelType: string;
  modelId: number;
  initialCounts: ReactionCounts;
  initialMine: ReactionTypeName[];
  viewer: { id: number; nickname: string; profile_image: string | null } | null;
  /** Where a guest signs in; back to this page by default. */
  loginHref?: string;
  roomId?: number;
}

interface ToggleAnswer {
  data: { reacted: boolean; reaction_type: ReactionTypeName; reaction_counts: ReactionCounts; my_reactions: ReactionTypeName[] };
}

export function ReactionBar({ modelType, modelId, initialCounts, initialMine, viewer, loginHref, roomId }: ReactionBarProps) {
  const [state, setState] = useState<ReactionState>({ counts: initialCounts, mine: initialMine });
  const [announcement, setAnnouncement] = useState('');
  const [error, setError] = useState('');
  const [listBusy, setListBusy] = useState(false);
  // The latest request per type wins; an older answer arriving late must not undo a newer tap.
  const sequence = useRef(0);
  const signInHref = useLoginHref(loginHref);
  // A guest's page may ship without JavaScript: the list button appears only when it can work.
  const hydrated = useHydrated();

  const toggle = async (type: ReactionTypeName) => {
    const before = state;
    const ticket = ++sequence.current;
    setError('');
    setState(toggled(before, type));
    try {
      const { data } = await api.post<ToggleAnswer>('/api/reactions', { model_type: modelType, model_id: modelId, reaction_type: type });
      forgetReactionUsers(modelType, modelId);
      if (ticket !== sequence.current) return;
      setState({ counts: data.reaction_counts, mine: data.my_reactions });
      setAnnouncement(
        `${REACTION_TEXTS[type]} ${data.reacted ? '반응을 남겼어요' : '반응을 취소했어요'}. ${data.reaction_counts[type]}명`,
      );
    } catch (failure) {
      if (ticket !== sequence.current) return;
      setState(before);
      setError(failureMessages(failure)[0] ?? '');
    }
  };

  const showUsers = async () => {
    if (listBusy) return;
    setListBusy(true);
    setError('');
    try {
      await openReactionUsersList({ modelType, modelId, ...(roomId === undefined ? {} : { roomId }) });
    } catch (failure) {
      setError(failureMessages(failure)[0] ?? '');
    } finally {
      setListBusy(false);
    }
  };

  const total = totalReactions(state.counts);

  return (
    <section className="reaction-bar" aria-label="반응">
      <ul className="reaction-list">
        {REACTION_TYPES.map((type) => (
          <li key={type}>
            {viewer ? (
              <button
                type="button"
                className="reaction-toggle"
                aria-pressed={state.mine.includes(type)}
                onClick={() => void toggle(type)}
              >
                <span>{REACTION_TEXTS[type]}</span>
                <span className="reaction-count">
                  {state.counts[type]}
                  <span className="visually-hidden">명</span>
                </span>
              </button>
            ) : (
              <span className="reaction-toggle reaction-static">
                <span>{REACTION_TEXTS[type]}</span>
                <span className="reaction-count">
                  {state.counts[type]}
                  <span className="visually-hidden">명</span>
                </span>
              </span>
            )}
          </li>
        ))}
      </ul>
      <div className="reaction-footer">
        {hydrated ? (
          <button type="button" className="reaction-users" onClick={() => void showUsers()} aria-busy={listBusy || undefined}>
            반응한 멤버 {total}명 보기
          </button>
        ) : null}
        {viewer ? null : (
          <a className="reaction-login" href={signInHref}>
            로그인하고 반응 남기기
          </a>
        )}
      </div>
      <ActionFeedback status={announcement} error={error} errorClassName="reaction-error" />
    </section>
  );
}
