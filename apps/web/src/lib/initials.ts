/**
 * The initials shown for a person without an avatar: the first letter of the first and the last
 * word of their full name (one letter for a one-word name), upper-cased; the user name's first
 * letter when there is no full name; '?' when there is neither. Letters are whole characters
 * (é, emoji and other characters outside the basic plane are not cut in half).
 */
export function initials(fullName: string | null | undefined, userName?: string | null): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  const first = (word: string | undefined) => (word ? Array.from(word)[0] ?? '' : '');
  if (words.length === 0) return first((userName ?? '').trim()).toUpperCase() || '?';
  if (words.length === 1) return first(words[0]).toUpperCase();
  return `${first(words[0])}${first(words[words.length - 1])}`.toUpperCase();
}
