/** yyyy-MM-dd <-> Date in the browser's local time, for the received-date Calendar. */
const pad = (n: number) => String(n).padStart(2, '0');

export function toIsoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function fromIsoDay(value: string | null | undefined): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return toIsoDay(date) === value ? date : null;
}

/** "line N: field: message", the way the import preview lists a problem. */
export function importProblem(line: number, field: string, message: string): string {
  return `line ${line}: ${field}: ${message}`;
}
