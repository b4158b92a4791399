import { defineConfig } from 'vitest/config';

/**
 * Integration and browser tests against one real local stack (DynamoDB Local, cognito-local, the API
 * behind the API Gateway-equivalent adapter, both built sites), started once for the whole run.
 */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'integration/**/*.test.ts', 'security/**/*.test.ts', 'e2e/**/*.test.ts'],
    globalSetup: ['./src/global-setup.ts', './security/summary-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Two cores: the stack's JVM and node share them with the test workers.
    maxWorkers: 2,
  },
});
