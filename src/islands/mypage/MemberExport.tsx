import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { downloadHref } from '../../lib/api/member-exports.ts';
import { MEMBER_EXPORT_TITLE } from '../../lib/member-export.ts';
import type { MemberExportItem } from '../../lib/member-export.ts';
import { formatDate } from '../../lib/time.ts';
import { createMemberExport } from '../../stores/member-export.ts';
import { failureMessage } from '../shared/failure-messages.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import '../shared/forms.css';
import './member-export.css';

export interface MemberExportProps {
  /** The member's latest export as the page was rendered, or null. */
  initial: MemberExportItem | null;
  /** What the section says first; the deletion page says why now. */
  lead: string;
}

/**
 * 내 기록 내보내기 on 마이페이지 and the deletion page: a button that starts the export, then its
 * state (준비 중이에요, 내려받기, 실패했어요) as the job gets on with it.
 */
export function MemberExport({ initial, lead }: MemberExportProps) {
  const hydrated = useHydrated();
  const [exporting] = useState(() => createMemberExport(initial));
  const latest = useStore(exporting.$latest);
  const busy = useStore(exporting.$busy);
  const failure = useStore(exporting.$failure);
  const downloadable = latest?.status === 'ready' && latest.download_url !== null;

  const startButton = (label: string) => (
    <button
      type="button"
      className="form-small-button"
      disabled={!hydrated || busy}
      aria-busy={busy ? true : undefined}
      onClick={() => void exporting.start()}
    >
      {busy ? '요청하는 중…' : label}
    </button>
  );

  return (
    <section id="member-export" className="member-export" aria-labelledby="member-export-title">
      <h2 id="member-export-title" className="member-export-title">
        {MEMBER_EXPORT_TITLE}
      </h2>
      <p className="member-export-lead">{lead}</p>
      <div className="member-export-state" role="status">
        {latest?.status === 'pending' && <p>준비 중이에요. 다 되면 알림과 메일로 알려 드릴게요.</p>}
        {downloadable && latest.expires_at && <p>{formatDate(latest.expires_at)}까지 내려받을 수 있어요 (7일 뒤 만료).</p>}
        {latest?.status === 'failed' && <p className="member-export-failed">실패했어요. 다시 시도해 주세요.</p>}
      </div>
      <div className="member-export-actions">
        {downloadable && latest.download_url && (
          <a className="form-small-button member-export-download" href={downloadHref(latest.download_url)} download>
            내려받기
          </a>
        )}
        {latest?.status === 'failed' && startButton('다시 시도')}
        {(latest === null || (latest.status === 'ready' && !downloadable)) && startButton('내 기록 내보내기')}
      </div>
      <p className="form-alert" role="alert">
        {failureMessage(failure)}
      </p>
    </section>
  );
}
