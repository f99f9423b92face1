/**
 * Phone numbers as Korean pages write them: 010-1234-5678, 02-123-4567, 031-1234-5678,
 * 1588-1234. Numbers are kept as they were typed (digits only, or hyphenated, or spaced); this is
 * only how they are shown.
 */

const KOREA = '82';

// Spaces, hyphens, dots and brackets are how people group a number; anything else is not ours to regroup.
const SEPARATORS = /[\s\-.()]/g;

/** Area codes first; the group after is 3 or 4 digits, the last always 4. */
const GROUPINGS: RegExp[] = [
  // Mobile: 010-1234-5678, and the older 011-123-4567.
  /^(01[016789])(\d{3,4})(\d{4})$/,
  // Seoul: 02-123-4567, 02-1234-5678.
  /^(02)(\d{3,4})(\d{4})$/,
  // Personal numbers: 0505-123-4567.
  /^(050\d)(\d{3,4})(\d{4})$/,
  // The other areas and internet phones: 031-123-4567, 064-1234-5678, 070-1234-5678.
  /^(0[3-7]\d)(\d{3,4})(\d{4})$/,
  // Nationwide numbers without an area: 1588-1234.
  /^(1[5-9]\d\d)(\d{4})$/,
];

/**
 * The number grouped with hyphens. One of another country (by its calling code, or written with
 * +44 …), an extension or a typing mistake is shown as it was given.
 */
export function formatPhoneNumber(phone: string, countryCode: string | null = KOREA): string {
  if (countryCode !== null && countryCode !== KOREA) return phone;
  const digits = phone.replace(SEPARATORS, '');
  if (!/^\d+$/.test(digits)) return phone;
  for (const grouping of GROUPINGS) {
    const groups = grouping.exec(digits);
    if (groups) return groups.slice(1).join('-');
  }
  return phone;
}
