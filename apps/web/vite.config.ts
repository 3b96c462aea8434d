import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.ORCHARD_API_URL ?? 'http://localhost:3000';
const proxied = ['/api', '/connect', '/healthz'];

export default defineConfig({
  plugins: [react()],
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
    // the entry is what /login downloads, about 520 KB before gzip; its budget is on the gzip size
    // (QUALITY.md, `npm run size`)
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
            // anyway, and one gzip stream compresses it about 11 KB smaller than the 17 shared
            // chunks the automatic splitting made of it. Lazy chunks import it from there.
            { name: 'index', tags: ['$initial'] },
          ],
        },
      },
    },
  },
});
