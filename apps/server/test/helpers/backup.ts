/** Shared by the backup tests (src/db/backup): digests of every table, the CLI, file surgery. */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import type { Query } from '../../src/db/backup/snapshot';
import { publicTables, quoteIdent } from '../../src/db/backup/snapshot';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Every public table's row count and the md5 of its rows' text, in a stable order, computed by SQL. */
export async function tableDigests(query: Query): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for (const { name } of await publicTables(query)) {
    const [row] = (
      await query(`SELECT count(*)::text AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM ${quoteIdent(name)} t`)
    ).rows;
    digests[name] = `${String(row!.n)} ${String(row!.h)}`;
  }
  return digests;
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run db:backup -- ...` / `npm run db:restore -- ...` from the repository root, as docs/backup.md says. */
export function runCli(script: 'db:backup' | 'db:restore', args: string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile('npm', ['run', '--silent', script, '--', ...args], { cwd: repoRoot, env: { ...process.env, ...env } }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** The lines of a portable backup file. */
export const readLines = (file: string) => zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n').filter(Boolean);
export const writeLines = (file: string, lines: string[]) => fs.writeFileSync(file, zlib.gzipSync(`${lines.join('\n')}\n`));

/** A copy of a portable backup whose header records schema version `when`. */
export function withSchemaWhen(file: string, copy: string, when: number, edit: (lines: string[]) => string[] = (l) => l): void {
  const lines = readLines(file);
  const header = JSON.parse(lines[0]!) as [string, { schema: { when: number; tag: string | null } }];
  header[1].schema = { when, tag: null };
  writeLines(copy, edit([JSON.stringify(header), ...lines.slice(1)]));
}
