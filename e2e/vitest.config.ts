import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // One browser journey at a time: 2 cores, and journeys share one server.
    fileParallelism: false,
  },
});
