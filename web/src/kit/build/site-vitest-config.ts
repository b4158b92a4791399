import { globSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { UserConfig } from 'vite';
import { defineConfig, mergeConfig } from 'vitest/config';

const TESTS = 'src/**/*.test.{ts,tsx}';

/**
 * The test files that replace a module with `vi.mock`. They run isolated (a module graph of their
 * own): in a shared graph the module may already be loaded, unmocked, by an earlier file.
 */
function filesThatMockModules(root: string): string[] {
  return globSync(TESTS, { cwd: root }).filter((file) =>
    readFileSync(`${root}/${file}`, 'utf8').includes('vi.mock('),
  );
}

/**
 * Unit tests of a site: its Vite configuration, happy-dom, and the kit's clean-up after each test.
 * Files share one module graph per worker (React, Amplify UI and happy-dom load once per worker, not
 * once per file: the web's 72 files took 124 s isolated, 35 s shared, on 2026-11-28), except those
 * that mock a module.
 */
export function siteVitestConfig(viteConfig: UserConfig, root = process.cwd()) {
  const mocking = filesThatMockModules(root);
  return mergeConfig(
    viteConfig,
    defineConfig({
      test: {
        environment: 'happy-dom',
        setupFiles: [fileURLToPath(new URL('../test/setup.ts', import.meta.url))],
        restoreMocks: true,
        // Vitest's default in a run is one worker fewer than the cores: one on CI's two (docs/testing.md).
        maxWorkers: '100%',
        projects: [
          { extends: true, test: { name: 'shared', include: [TESTS], exclude: mocking, isolate: false } },
          ...(mocking.length > 0
            ? [{ extends: true as const, test: { name: 'isolated', include: mocking, isolate: true } }]
            : []),
        ],
      },
    }),
  );
}
