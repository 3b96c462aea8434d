/**
 * The build's text files compressed once, beside themselves (index-abc.js.br, index-abc.js.gz):
 * the server sends the Brotli or gzip copy to a browser that accepts it (plugins/web-app.ts,
 * @fastify/static `preCompressed`) instead of the whole file (the entry script's sizes as built and
 * compressed: BENCHMARKS.md, Section `bundle`). Compressed harder than a request could afford:
 * Brotli at quality 9 (11, the highest, took ten times as long for little less; the same section)
 * and gzip at 9. Fonts and images that are compressed already (woff2, png, webp) are left as
 * they are, as is a copy that would not save at least a tenth.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|ttf|eot|woff)$/;
const MIN_BYTES = 1024;
const MIN_SAVING = 0.1;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** Writes the .br and .gz copies of every compressible file under `dir`; answers how many files. */
export function precompressDirectory(dir: string): number {
  let count = 0;
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const content = fs.readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    const copies: [string, Buffer][] = [
      [
        '.br',
        zlib.brotliCompressSync(content, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
        }),
      ],
      ['.gz', zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION })],
    ];
    for (const [suffix, copy] of copies) {
      if (copy.length <= content.length * (1 - MIN_SAVING)) fs.writeFileSync(file + suffix, copy);
    }
    count += 1;
  }
  return count;
}

/** Runs last, once every other plugin (the service worker's too) has written its files. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'orchard-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        precompressDirectory(outDir);
      },
    },
  };
}
