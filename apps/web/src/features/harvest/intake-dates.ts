/** "line N: field: message", the way the import preview lists a problem. */
export function importProblem(line: number, field: string, message: string): string {
  return `line ${line}: ${field}: ${message}`;
}
