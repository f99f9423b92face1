/** API times are ISO 8601 in UTC with six fraction digits, as Laravel writes them. */
export function apiTime(value: Date): string;
export function apiTime(value: Date | null): string | null;
export function apiTime(value: Date | null): string | null {
  // toISOString always ends in milliseconds and Z: three more digits make microseconds.
  return value ? `${value.toISOString().slice(0, -1)}000Z` : null;
}
