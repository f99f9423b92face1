/** API times are ISO 8601 in UTC with six fraction digits, as Laravel writes them. */
export function apiTime(value: Date): string;
export function apiTime(value: Date | null): string | null;
export function apiTime(value: Date | null): string | null {
  return value ? value.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z') : null;
}
