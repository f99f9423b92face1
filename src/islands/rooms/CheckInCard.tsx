import { useState } from 'react';
import type { CheckInData, CheckInTextData } from '../../lib/rooms.ts';
import { sendCheckIn } from '../../stores/room-posts.ts';
import { failureMessage } from '../shared/failure-messages.ts';
import { useEarlyChoice, useEarlyValue } from '../shared/use-early-input.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import './rooms.css';

interface Props {
  roomId: number;
  texts: CheckInTextData[];
  today: CheckInData | null;
}

const CONTENT_MAX = 300;

/** Today's check-in: pick a sentence, add a word if you like, tap once; the day is then done. */
export function CheckInCard({ roomId, texts, today }: Props) {
  const hydrated = useHydrated();
  const [done, setDone] = useState<CheckInData | null>(today);
  const [textId, setTextId] = useState<number | null>(texts[0]?.id ?? null);
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const contentRef = useEarlyValue<HTMLInputElement>(content, setContent);
  const textsRef = useEarlyChoice(String(textId ?? ''), (value) => setTextId(Number(value)));

  const submit = async () => {
    if (busy) return;
    setBusy(true);
    setMessage('');
    try {
      const answer = await sendCheckIn(roomId, {
        ...(textId === null ? {} : { check_in_text_id: textId }),
        ...(content.trim() ? { content: content.trim() } : {}),
      });
      setDone(answer);
      setMessage(answer.created ? '체크인했어요. 오늘도 해냈어요!' : '오늘은 이미 체크인했어요. 내일 아침에 다시 만나요.');
    } catch (error) {
      setMessage(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <section className="check-in done" aria-labelledby="check-in-title">
        <h2 id="check-in-title">오늘 체크인 완료</h2>
        <p className="check-in-text">{done.text ?? '오늘도 해냈어요'}</p>
        {done.content ? <p className="check-in-content">{done.content}</p> : null}
        <p className="check-in-message" role="status">
          {message}
        </p>
      </section>
    );
  }

  return (
    <section className="check-in" aria-labelledby="check-in-title">
      <h2 id="check-in-title">오늘의 체크인</h2>
      <fieldset ref={textsRef} className="check-in-texts">
        <legend>오늘의 한 문장을 골라 주세요</legend>
        {texts.map((text) => (
          <label key={text.id} className={textId === text.id ? 'check-in-chip active' : 'check-in-chip'}>
            <input type="radio" name="check_in_text" value={text.id} checked={textId === text.id} onChange={() => setTextId(text.id)} />
            {text.text}
          </label>
        ))}
      </fieldset>
      <label className="check-in-field">
        <span>한마디 (선택)</span>
        <input ref={contentRef} type="text" value={content} maxLength={CONTENT_MAX} onChange={(event) => setContent(event.target.value)} placeholder="오늘 아침은 어땠나요?" />
      </label>
      <button type="button" className="pill pill-primary check-in-button" disabled={!hydrated || busy} onClick={() => void submit()}>
        {busy ? '체크인하는 중…' : '체크인하기'}
      </button>
      <p className="check-in-message" role="status">
        {message}
      </p>
    </section>
  );
}
