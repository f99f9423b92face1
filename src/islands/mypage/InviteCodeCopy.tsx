import { useState } from 'react';
import { useHydrated } from '../shared/use-hydrated.ts';
import '../shared/forms.css';
import './mypage.css';

interface InviteCodeCopyProps {
  code: string;
  /** The element showing the code, selected for copying by hand when the clipboard refuses. */
  codeElementId: string;
}

const COPIED = '초대 코드를 복사했어요.';
const COPY_FAILED = '복사하지 못했어요. 선택된 코드를 직접 복사해 주세요.';

/** The 복사 button next to the member's invite code, which the page itself renders. */
export function InviteCodeCopy({ code, codeElementId }: InviteCodeCopyProps) {
  const hydrated = useHydrated();
  const [result, setResult] = useState<{ ok: boolean } | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setResult({ ok: true });
    } catch {
      // No clipboard (an old browser, a refused permission): select the code for a long press.
      const element = document.getElementById(codeElementId);
      const selection = window.getSelection();
      if (element && selection) selection.selectAllChildren(element);
      setResult({ ok: false });
    }
  };

  return (
    <>
      <button type="button" className="form-small-button" disabled={!hydrated} aria-label="초대 코드 복사" onClick={() => void copy()}>
        복사
      </button>
      <p className="mypage-copy-status" role="status" data-tone={result?.ok === false ? 'error' : 'success'}>
        {result ? (result.ok ? COPIED : COPY_FAILED) : ''}
      </p>
    </>
  );
}
