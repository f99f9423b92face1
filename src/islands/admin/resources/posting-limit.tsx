import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
// MUI's, not react-admin's: on a phone react-admin's turns into an icon button, and these have no icon.
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNotify, useRecordContext } from 'react-admin';
import { toApiError } from '../../../lib/api-errors.ts';
import { quietApi } from '../../../lib/browser-api.ts';

const DEFAULT_DAYS = 7;
const DAY_MS = 86_400_000;

/** `YYYY-MM-DDTHH:mm` in the browser's zone, what a datetime-local input holds. */
function localInputValue(at: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** 글쓰기 제한 for a member (until a time, with a reason for the audit log) and lifting it. */
export function PostingLimitButtons({ memberId }: { memberId: number }) {
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [until, setUntil] = useState(() => localInputValue(new Date(Date.now() + DEFAULT_DAYS * DAY_MS)));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);

  const run = async (request: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await request();
      notify(done, { type: 'success' });
      setOpen(false);
      setErrors({});
    } catch (failure) {
      const error = toApiError(failure);
      setErrors(error.errors);
      notify(error.message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const limit = () =>
    run(
      () => quietApi.post(`/api/admin/members/${memberId}/posting-limit`, { until: until ? new Date(until).toISOString() : '', reason }),
      '글쓰기를 제한했어요.',
    );
  const lift = () => run(() => quietApi.del(`/api/admin/members/${memberId}/posting-limit`), '글쓰기 제한을 풀었어요.');

  return (
    <>
      <Button onClick={() => setOpen(true)}>작성자 글쓰기 제한</Button>
      <Button onClick={lift} disabled={busy}>제한 해제</Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="posting-limit-title">
        <DialogTitle id="posting-limit-title">작성자 글쓰기 제한</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <TextField
            type="datetime-local"
            label="제한을 끝낼 때"
            value={until}
            onChange={(event) => setUntil(event.target.value)}
            error={Boolean(errors.until)}
            helperText={errors.until?.join(' ')}
            slotProps={{ inputLabel: { shrink: true } }}
            margin="dense"
          />
          <TextField
            label="사유 (감사 기록에 남아요)"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={Boolean(errors.reason)}
            helperText={errors.reason?.join(' ')}
            multiline
            minRows={2}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>취소</Button>
          <Button onClick={limit} disabled={busy}>제한하기</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** The limit buttons for the author of the record on screen (a reported item, a room post). */
export function AuthorPostingLimit() {
  const record = useRecordContext();
  return record?.author ? <PostingLimitButtons memberId={record.author.id as number} /> : null;
}
