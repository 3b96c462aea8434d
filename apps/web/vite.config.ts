import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './precompress';
import {
  ASSET_CACHE,
  CACHE_ID,
  PRECACHE_GLOBS,
  PRECACHE_IGNORES,
  PRECACHE_MAX_FILE_BYTES,
  SERVICE_WORKER_URL,
  isAppNavigation,
  isBuildAsset,
} from './src/lib/offline/service-worker-config';

const apiTarget = process.env.ORCHARD_API_URL ?? 'http://localhost:3000';
const proxied = ['/api', '/connect', '/healthz'];

export default defineConfig({
  plugins: [
    react(),
    // The offline shell's service worker (rules in src/lib/offline/service-worker-config.ts),
    // generated into the build only; the app registers it itself once signed in.
    VitePWA({
      strategies: 'generateSW',
      filename: SERVICE_WORKER_URL.slice(1),
      registerType: 'autoUpdate',
      injectRegister: false,
      manifest: false,
      workbox: {
        cacheId: CACHE_ID,
        globPatterns: PRECACHE_GLOBS,
        globIgnores: PRECACHE_IGNORES,
        maximumFileSizeToCacheInBytes: PRECACHE_MAX_FILE_BYTES,
        // the hashed files name their own version; Workbox's revision covers the others
        dontCacheBustURLsMatching: /^assets\//,
        cleanupOutdatedCaches: true,
        // a new build's worker takes over at once (open pages keep running on what they loaded)
        skipWaiting: true,
        clientsClaim: true,
        // navigations: network first, the precached shell when the network fails (no navigateFallback,
        // which would always answer from the cache)
        navigateFallback: null,
        runtimeCaching: [
          {
            urlPattern: isAppNavigation,
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: 'index.html' } },
          },
          {
            urlPattern: isBuildAsset,
            handler: 'CacheFirst',
            options: { cacheName: ASSET_CACHE.name, expiration: { maxEntries: ASSET_CACHE.maxEntries }, cacheableResponse: { statuses: [200] } },
          },
        ],
        // one file: no separate Workbox runtime file to serve
        inlineWorkboxRuntime: true,
        sourcemap: false,
      },
    }),
    // after the service worker is written: the .br and .gz copies the server sends (precompress.ts)
    precompress(),
  ],
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: apiTarget, changeOrigin: false }])),
  },
  preview: {
    port: 4173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: apiTarget, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Inline assets stay under 4 KB; everything else is a file served by the same origin (CSP).
    assetsInlineLimit: 4096,
    // the entry is what /login downloads (its size: BENCHMARKS.md, Section `bundle`); its budget is
    // on the gzip size (docs/quality.md, Performance budgets; `npm run size`)
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      treeshake: {
        // @orchard/shared is pure declarations (constants, catalogues, zod schemas): whatever a
        // chunk does not use may be dropped, so the login route does not pull in zod.
        manualPureFunctions: ['z'],
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]shared[\\/]src[\\/]/.test(id),
      },
      output: {
        codeSplitting: {
          groups: [
            // zod is only needed once signed in; keep it out of the common chunk the login route loads
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
            // Everything the entry imports statically (what /login runs) in one file: it downloads
            // anyway, and one gzip stream compresses it smaller than the 17 shared chunks the
            // automatic splitting made of it (BENCHMARKS.md, Section `bundle`). Lazy chunks import it from there.
            { name: 'index', tags: ['$initial'] },
          ],
        },
      },
    },
  },
});
