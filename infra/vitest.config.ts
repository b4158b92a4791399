import { defineConfig } from 'vitest/config';

// Synthesising the app takes seconds (and bundling the Lambdas more), so tests get generous timeouts.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    maxWorkers: 2,
  },
});
