import os from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner, three projects. The server suite runs on PGlite in memory unless TEST_DATABASE_URL
// points at PostgreSQL, in which case every test file creates and drops its own database.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, where the server
    // tests spend much of their time waiting on the database and the test servers they start. Two
    // there: the whole suite 6:03 -> 5:00 min, the server suite on PostgreSQL about 3.3 min.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'shared',
          root: 'packages/shared',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // *.pg.test.ts need a real PostgreSQL (several instances on one database)
          exclude: process.env.TEST_DATABASE_URL ? [] : ['**/*.pg.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
    ],
  },
});
