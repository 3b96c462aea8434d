/**
 * Serves the built web app (apps/web/dist): hashed assets with long caching, and index.html for
 * every other GET that is not an API path (the SPA's own router decides, including its 404 page).
 * A file the build compressed (apps/web/precompress.ts: main.js.br, main.js.gz beside main.js) is
 * sent in Brotli or gzip to a browser that accepts it; every file's answer varies by that header.
 *
 * Without the build (no index.html where the server looks) the server says so once at start
 * (webAppMissingNotice, printed by server.ts) and answers those same GETs with a small page that
 * says how to build it (503, never cached, so the built app shows once the server is restarted);
 * the API answers as it always does.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { markRoutesPublic, requestPath } from './route-policy';

/** Paths that belong to the server, never to the web app's router (judged as the router reads them). */
export function isServerPath(url: string): boolean {
  return /^\/(api|connect|healthz|readyz)(\/|$)/.test(requestPath(url));
}

export function findWebDist(configured: string | undefined): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = configured
    ? [path.resolve(configured)]
    : [path.resolve(here, '../../../web/dist'), path.resolve(here, '../../web/dist'), path.resolve(process.cwd(), 'apps/web/dist')];
  return candidates.find((c) => fs.existsSync(path.join(c, 'index.html'))) ?? null;
}

const NOT_BUILT = 'The web app is not built';
const HOW_TO_BUILD = 'Build it with `npm run build` and start the server again, or start the server with `npm start`, which builds it first.';

/** Where the server looked for the build, said plainly: the configured directory, else the repository's. */
function lookedIn(configured: string | undefined): string {
  return configured ? `WEB_DIST_DIR ${path.resolve(configured)}` : 'apps/web/dist';
}

/** The line the server prints at start when it found no build of the web app. */
export function webAppMissingNotice(configured: string | undefined): string {
  return `${NOT_BUILT} (no index.html in ${lookedIn(configured)}), so the server answers its API only. ${HOW_TO_BUILD}`;
}

// no path in it: a browser is not told where the server keeps its files
const notBuiltPage = `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>Orchard Ops: ${NOT_BUILT.toLowerCase()}</title>
<h1>${NOT_BUILT}</h1>
<p>This server answers its API, but the files of the web app have not been built.</p>
<p>${HOW_TO_BUILD.replace(/`([^`]+)`/g, '<code>$1</code>')}</p>
</html>
`;

/** Answers the web app's pages while its build is missing. */
export const webAppMissingPlugin = fp(
  async (app: FastifyInstance) => {
    const serveNotice = (reply: FastifyReply) =>
      reply.status(503).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(notBuiltPage);
    await app.register(async (scope) => {
      markRoutesPublic(scope);
      scope.get('/*', (request, reply) => (isServerPath(request.url) ? reply.callNotFound() : serveNotice(reply)));
      scope.get('/', (_request, reply) => serveNotice(reply));
    });
  },
  { name: 'web-app-missing' },
);

export const webAppPlugin = fp(
  async (app: FastifyInstance, opts: { root: string }) => {
    const indexHtml = fs.readFileSync(path.join(opts.root, 'index.html'));
    const serveSpa = (reply: FastifyReply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    await app.register(async (scope) => {
      markRoutesPublic(scope);
      await scope.register(fastifyStatic, {
        root: opts.root,
        wildcard: false,
        index: false,
        decorateReply: false,
        // our own rule below; the plugin's default would overwrite it with max-age=0
        cacheControl: false,
        preCompressed: true,
        setHeaders: (res, filePath) => {
          // a cache between us and the browser must not give a compressed copy to one that did not ask for it
          res.setHeader('vary', 'accept-encoding');
          if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
          else res.setHeader('cache-control', 'no-cache');
        },
      });
      scope.get('/*', (request, reply) => (isServerPath(request.url) ? reply.callNotFound() : serveSpa(reply)));
      scope.get('/', (_request, reply) => serveSpa(reply));
    });
  },
  { name: 'web-app' },
);
