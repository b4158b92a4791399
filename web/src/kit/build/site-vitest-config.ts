import { fileURLToPath } from 'node:url';
import type { UserConfig } from 'vite';
import { defineConfig, mergeConfig } from 'vitest/config';

/** Unit tests of a site: its Vite configuration, happy-dom, and the kit's clean-up after each test. */
export function siteVitestConfig(viteConfig: UserConfig) {
  return mergeConfig(
    viteConfig,
    defineConfig({
      test: {
        environment: 'happy-dom',
        include: ['src/**/*.test.{ts,tsx}'],
        setupFiles: [fileURLToPath(new URL('../test/setup.ts', import.meta.url))],
        restoreMocks: true,
        // Vitest's default in a run is one worker fewer than the cores: one on CI's two (docs/testing.md).
        maxWorkers: '100%',
      },
    }),
  );
}
