import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'lint/**/*.test.ts'],
    env: { LOG_LEVEL: 'SILENT', POWERTOOLS_METRICS_DISABLED: 'true' },
  },
});
