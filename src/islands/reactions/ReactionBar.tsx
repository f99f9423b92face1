/**
 * The five reactions under a post, with their counts, toggled at once (optimistic) and settled by
 * the server's answer. Usage (seeded from the post's resource):
 *   <ReactionBar client:visible modelType="square_post" modelId={post.id}
 *     initialCounts={post.reaction_counts} initialMine={post.my_reactions} viewer={viewer} loginHref="/login?redirect=…" />
 * `viewer` null shows the counts read-only with a 로그인 link. `roomId` makes the users list lead to room profiles.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { totalReactions } from '../../lib/reaction-state.ts';
import { REACTION_TEXTS, REACTION_TYPES } from '../../lib/reactions.ts';
import type { ReactionCounts, ReactionTypeName } from '../../lib/reactions.ts';
import { createReactionBar } from '../../stores/reaction-bar.ts';
import type { SessionMember } from '../../stores/session.ts';
import { ActionFeedback } from '../shared/ActionFeedback.tsx';
import { failureMessage } from '../shared/failure-messages.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import { useLoginHref } from '../shared/use-login-href.ts';
import { useSessionMember } from '../shared/use-session-member.ts';
import './reactions.css';

export interface ReactionBarProps {
  modelType: string;
  modelId: number;
  initialCounts: ReactionCounts;
  initialMine: ReactionTypeName[];
  viewer: SessionMember | null;
  /** Where a guest signs in; back to this page by default. */
  loginHref?: string;
  roomId?: number;
}

export function ReactionBar({ modelType, modelId, initialCounts, initialMine, viewer, loginHref, roomId }: ReactionBarProps) {
  const [bar] = useState(() => createReactionBar({ modelType, modelId, counts: initialCounts, mine: initialMine, roomId }));
  const { counts, mine, announcement, error, opening } = useStore(bar.$bar);
  const member = useSessionMember(viewer);
  const signInHref = useLoginHref(loginHref);
  // A guest's page may ship without JavaScript: the list button appears only when it can work.
  const hydrated = useHydrated();

  return (
    <section className="reaction-bar" aria-label="반응">
      <ul className="reaction-list">
        {REACTION_TYPES.map((type) => {
          const label = (
            <>
              <span>{REACTION_TEXTS[type]}</span>
              <span className="reaction-count">
                {counts[type]}
                <span className="visually-hidden">명</span>
              </span>
            </>
          );
          return (
            <li key={type}>
              {member ? (
                <button type="button" className="reaction-toggle" aria-pressed={mine.includes(type)} onClick={() => void bar.toggle(type)}>
                  {label}
                </button>
              ) : (
                <span className="reaction-toggle reaction-static">{label}</span>
              )}
            </li>
          );
        })}
      </ul>
      <div className="reaction-footer">
        {hydrated ? (
          <button type="button" className="reaction-users" onClick={() => void bar.showUsers()} aria-busy={opening || undefined}>
            반응한 멤버 {totalReactions(counts)}명 보기
          </button>
        ) : null}
        {member ? null : (
          <a className="reaction-login" href={signInHref}>
            로그인하고 반응 남기기
          </a>
        )}
      </div>
      <ActionFeedback status={announcement} error={failureMessage(error)} errorClassName="reaction-error" />
    </section>
  );
}
