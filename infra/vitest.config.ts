import { defineConfig } from 'vitest/config';

// Synthesising the app takes seconds (and bundling the Lambdas more), so tests get generous timeouts.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    maxWorkers: 2,
    // One module graph per worker, not per file: every file imports aws-cdk-lib and the app's
    // constructs (seconds each); each test still builds its own App, so no state is shared.
    // Measured 2026-11-28: 115 s -> 50 s for the 20 files.
    isolate: false,
  },
});
