/**
 * The one way a search box's text becomes an ILIKE pattern: "contains", ignoring case, with the
 * pattern's own characters (\, % and _) matched as typed.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
