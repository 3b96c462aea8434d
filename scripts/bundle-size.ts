/**
 * npm run size: the web bundle figures docs/quality.md budgets (Performance budgets), from a built apps/web/dist.
 *
 *   - login route JavaScript: the entry script and the chunks index.html modulepreloads (what
 *     /login downloads before it runs), each gzipped, summed; budget 160 KB
 *   - the largest lazy chunk, gzipped; budget 250 KB
 *
 * `tsx scripts/bundle-size.ts [dist]` measures another build (e.g. `vite build --outDir /tmp/x`).
 * Exits 1 when a figure is over its budget.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const LOGIN_BUDGET_BYTES = 160 * 1024;
export const LAZY_CHUNK_BUDGET_BYTES = 250 * 1024;

export interface SizedFile {
  /** path inside dist, e.g. assets/index-abc.js */
  file: string;
  gzip: number;
}

export interface BundleFigures {
  /** the entry and its modulepreloads, in index.html order */
  login: SizedFile[];
  loginBytes: number;
  /** every JavaScript chunk, largest first */
  chunks: SizedFile[];
  /** chunks /login does not download, largest first */
  lazy: SizedFile[];
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function bundleFigures(dist: string): BundleFigures {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const login = [...new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1] as string))];
  const gzip = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file))).length;
  const chunks = fs
    .readdirSync(path.join(dist, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ file: `assets/${f}`, gzip: gzip(`assets/${f}`) }))
    .sort((a, b) => b.gzip - a.gzip);
  const sizedLogin = login.map((file) => ({ file, gzip: gzip(file) }));
  return {
    login: sizedLogin,
    loginBytes: sizedLogin.reduce((sum, f) => sum + f.gzip, 0),
    chunks,
    lazy: chunks.filter((c) => !login.includes(c.file)),
  };
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dist = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/dist'));
  const figures = bundleFigures(dist);
  const largestLazy = figures.lazy[0];
  console.log(`Login route JavaScript (gzip): ${kb(figures.loginBytes)} (budget ${kb(LOGIN_BUDGET_BYTES)}), ${figures.login.length} file(s)`);
  for (const f of figures.login) console.log(`  ${kb(f.gzip).padStart(9)}  ${f.file}`);
  console.log(`Largest lazy chunk (gzip): ${largestLazy ? `${kb(largestLazy.gzip)} ${largestLazy.file}` : '-'} (budget ${kb(LAZY_CHUNK_BUDGET_BYTES)})`);
  const over = figures.loginBytes > LOGIN_BUDGET_BYTES || (largestLazy?.gzip ?? 0) > LAZY_CHUNK_BUDGET_BYTES;
  if (over) {
    console.error('Over budget (docs/quality.md, Performance budgets).');
    process.exitCode = 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
