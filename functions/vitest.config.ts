import { globSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const TESTS = ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'lint/**/*.test.ts'];
/** Files that replace a module with `vi.mock` run isolated: in a shared graph it may already be loaded. */
const MOCKING = globSync(TESTS).filter((file) => readFileSync(file, 'utf8').includes('vi.mock('));

export default defineConfig({
  test: {
    // Vitest's default in a run is one worker fewer than the cores: one on CI's two (docs/testing.md).
    maxWorkers: '100%',
    env: { LOG_LEVEL: 'SILENT', POWERTOOLS_METRICS_DISABLED: 'true' },
    // One module graph per worker (the SDK, zod and Powertools load once per worker, not per file):
    // 151 files took 83 s isolated and 25-65 s shared on 2026-11-28, in shuffled orders too.
    projects: [
      { extends: true, test: { name: 'shared', include: TESTS, exclude: MOCKING, isolate: false } },
      { extends: true, test: { name: 'isolated', include: MOCKING, isolate: true } },
    ],
  },
});
