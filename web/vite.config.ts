import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { amplifyThemeCss, marketingPlans } from './scripts/build-time-modules';

/**
 * Amplify (auth, core, crypto) is large and only the sign-in dialog and the signed-in routes need it,
 * so it gets its own chunk that the home page never downloads. The UI primitives of
 * `@aws-amplify/ui-react` are not part of it: every page renders them.
 */
const AMPLIFY_MODULES = /node_modules[\\/](aws-amplify|@aws-amplify[\\/](?!ui)|@aws-crypto|@smithy|@aws-sdk)/;

export default defineConfig({
  plugins: [react(), amplifyThemeCss(), marketingPlans()],
  define: {
    // The footer's year in prerendered pages; the client swaps in the visitor's after hydrating.
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  },
  resolve: {
    alias: {
      '@/': fileURLToPath(new URL('./src/', import.meta.url)),
      '@shared-locales': fileURLToPath(new URL('../shared/src/i18n/locales', import.meta.url)),
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // Read by scripts/prerender.ts (the chunks to preload in prerendered pages), then removed.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'amplify', test: AMPLIFY_MODULES }],
        },
      },
    },
  },
  server: {
    // `npm start -- --dev` serves /api and /config.json; plain `vite` proxies them to a running stack.
    proxy: {
      '/api': process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000',
      '/config.json': process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000',
    },
  },
});
