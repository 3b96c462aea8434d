/**
 * Bundles the server to dist/server.js and the embedded database's process to
 * dist/embedded-database.js (dependencies stay external), and ships the migrations.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@orchard/'));

fs.rmSync(path.join(root, 'dist'), { recursive: true, force: true });
await build({
  // both beside each other in dist/: the server starts the database's process from its own directory
  entryPoints: { server: path.join(root, 'src/server.ts'), 'embedded-database': path.join(root, 'src/db/embedded-database.ts') },
  outdir: path.join(root, 'dist'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((d) => `${d}/*`)],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
fs.cpSync(path.join(root, 'drizzle'), path.join(root, 'dist/drizzle'), { recursive: true });
console.log('server built: dist/server.js, dist/embedded-database.js');
