/** The day the dashboard opens on: the latest day with scouting up to today, else today. */
export function initialDay(scouted: readonly string[], today: string): string {
  let latest: string | null = null;
  for (const day of scouted) if (day <= today && (latest === null || day > latest)) latest = day;
  return latest ?? today;
}
