import { DateTimeInput } from 'react-admin';
import type { DateTimeInputProps } from 'react-admin';

/**
 * A moment picked in the staff member's own time zone (Korea for the team), sent as an ISO time
 * with its offset, so the server never has to guess which zone a bare "09:00" meant.
 */
export function TimeInput(props: DateTimeInputProps) {
  return <DateTimeInput {...props} parse={(value: string) => (value ? new Date(value).toISOString() : null)} />;
}
