import { Autocomplete, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { quietApi } from '../../../lib/browser-api.ts';

export interface PickedMember {
  id: number;
  nickname: string;
  email: string | null;
}

// Long enough that a name typed at speed asks once, short enough to feel like a search box.
const SEARCH_DELAY_MS = 250;
const RESULTS = 10;

const describe = (member: PickedMember) => `${member.nickname} · ${member.email ?? '이메일 없음'} (#${member.id})`;

/** Finds a member by e-mail, nickname, phone or number as the operator types (the console's member search). */
export function MemberPicker({ label, value, onChange }: { label: string; value: PickedMember | null; onChange: (member: PickedMember | null) => void }) {
  const [text, setText] = useState('');
  const [options, setOptions] = useState<PickedMember[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    const query = text.trim();
    if (query === '' || (value && text === describe(value))) {
      setOptions(value ? [value] : []);
      setLoading(false);
      return;
    }
    let current = true;
    setLoading(true);
    const timer = setTimeout(() => {
      quietApi
        .get<{ data: PickedMember[] }>(`/api/admin/members?q=${encodeURIComponent(query)}&per_page=${RESULTS}`)
        .then((answer) => {
          if (current) setOptions(answer.data);
        })
        .catch(() => {
          if (current) setOptions([]);
        })
        .finally(() => {
          if (current) setLoading(false);
        });
    }, SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text, value]);

  return (
    <Autocomplete
      sx={{ width: { xs: '100%', sm: 360 } }}
      size="small"
      options={options}
      value={value}
      loading={loading}
      filterOptions={(all) => all}
      getOptionLabel={describe}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      noOptionsText={text.trim() === '' ? '이메일, 닉네임, 전화번호로 찾아요' : '찾는 회원이 없어요'}
      loadingText="찾는 중…"
      onInputChange={(_event, typed) => setText(typed)}
      onChange={(_event, member) => onChange(member)}
      renderInput={(params) => <TextField {...params} label={label} required />}
    />
  );
}
