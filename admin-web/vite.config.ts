import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// The investor site's theme, as CSS built with the site (no <style> injected at run time: CSP).
import { amplifyThemeCss } from '../web/scripts/build-time-modules';

/**
 * Amplify (auth, core, crypto) gets its own long-cached chunk: it changes on a different rhythm than
 * the app code. The UI primitives of `@aws-amplify/ui-react` are not part of it.
 */
const AMPLIFY_MODULES = /node_modules[\\/](aws-amplify|@aws-amplify[\\/](?!ui)|@aws-crypto|@smithy|@aws-sdk)/;

export default defineConfig({
  plugins: [react(), amplifyThemeCss()],
  resolve: {
    alias: {
      '@/': fileURLToPath(new URL('./src/', import.meta.url)),
      '@shared-locales': fileURLToPath(new URL('../shared/src/i18n/locales', import.meta.url)),
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'amplify', test: AMPLIFY_MODULES }],
        },
      },
    },
  },
  server: {
    // Plain `vite` proxies /api and /config.json to a running local stack.
    proxy: {
      '/api': process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3001',
      '/config.json': process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3001',
    },
  },
});
