import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $checkIns, $queuedRecords, $todayRooms, checkInToday, startToday } from '../../stores/today.ts';
import type { RoomCheckIn, TodayRoom } from '../../stores/today.ts';
import { failureMessage } from '../shared/failure-messages.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import '../rooms/rooms.css';
import './today.css';

interface Props {
  userId: number;
  rooms: TodayRoom[];
}

const ANSWER_TEXT = {
  created: '체크인했어요. 오늘도 해냈어요!',
  repeat: '오늘은 이미 체크인했어요. 내일 다시 만나요.',
} as const;

function statusText(checkIn: RoomCheckIn | undefined): string {
  if (!checkIn) return '';
  if (checkIn.state === 'queued') return '전송 대기 중 · 연결이 돌아오면 자동으로 보낼게요.';
  if (checkIn.answer) return ANSWER_TEXT[checkIn.answer];
  return checkIn.error === undefined ? '' : failureMessage(checkIn.error);
}

interface CardProps {
  room: TodayRoom;
  checkIn: RoomCheckIn | undefined;
  queuedRecords: number;
  hydrated: boolean;
}

function TodayRoomCard({ room, checkIn, queuedRecords, hydrated }: CardProps) {
  const [textId, setTextId] = useState<number | null>(room.check_in_texts[0]?.id ?? null);
  const state = checkIn?.state ?? (room.checked_in_today ? 'done' : 'open');
  const titleId = `today-${room.ritual_session_id}`;
  return (
    <article className={`today-card ${state}`} aria-labelledby={titleId}>
      <header className="today-card-head">
        <p className="today-day">
          <strong>{room.day}일차</strong> / {room.days}일
        </p>
        <h2 id={titleId}>
          <a href={`/room/${room.ritual_session_id}`}>{room.title}</a>
        </h2>
        <p className="today-state">{state === 'done' ? '오늘 체크인 완료' : state === 'queued' ? '전송 대기 중' : '오늘 체크인 전'}</p>
      </header>
      {state === 'open' || state === 'sending' ? (
        <>
          {room.check_in_texts.length > 0 ? (
            <fieldset className="check-in-texts">
              <legend>오늘의 한 문장</legend>
              {room.check_in_texts.map((text) => (
                <label key={text.id} className={textId === text.id ? 'check-in-chip active' : 'check-in-chip'}>
                  <input type="radio" name={`check-in-text-${room.ritual_session_id}`} value={text.id} checked={textId === text.id} onChange={() => setTextId(text.id)} />
                  {text.text}
                </label>
              ))}
            </fieldset>
          ) : null}
          <button
            type="button"
            className="pill pill-primary today-check-in"
            disabled={!hydrated || state === 'sending'}
            onClick={() => void checkInToday(room.ritual_session_id, textId === null ? {} : { check_in_text_id: textId })}
          >
            {state === 'sending' ? '체크인하는 중…' : '체크인하기'}
          </button>
        </>
      ) : null}
      <p className="today-message" role="status">
        {statusText(checkIn)}
      </p>
      {queuedRecords > 0 ? <p className="today-queued">전송 대기 중인 기록 {queuedRecords}개 · 연결되면 자동으로 올릴게요.</p> : null}
      <a className="pill today-write" href={`/compose/post?roomId=${room.ritual_session_id}`}>
        기록하기
      </a>
    </article>
  );
}

/** /today: each running session with its day, today's check-in in one tap, and a way to write. */
export function TodayBoard({ userId, rooms: initial }: Props) {
  const hydrated = useHydrated();
  const rooms = useStore($todayRooms);
  const checkIns = useStore($checkIns);
  const queuedRecords = useStore($queuedRecords);
  useEffect(() => startToday(userId, initial), [userId, initial]);
  const shown = hydrated ? rooms : initial;
  return (
    <div className="today-list">
      {shown.map((room) => (
        <TodayRoomCard key={room.ritual_session_id} room={room} checkIn={checkIns[String(room.ritual_session_id)]}
          queuedRecords={queuedRecords[String(room.ritual_session_id)] ?? 0}
          hydrated={hydrated}
        />
      ))}
    </div>
  );
}
