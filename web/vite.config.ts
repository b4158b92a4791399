import { defineConfig } from 'vite';
import { marketingPlans } from './scripts/build-time-modules';
import { siteViteConfig } from './src/kit/build/site-vite-config';

export default defineConfig(
  siteViteConfig({
    siteDirectory: new URL('.', import.meta.url),
    localStackUrl: 'http://127.0.0.1:3000',
    plugins: [marketingPlans()],
    // The footer's year in prerendered pages; the client swaps in the visitor's after hydrating.
    // The build's id: answers a dashboard kept under another build are not shown (their shape may differ).
    define: {
      __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
      __BUILD_ID__: JSON.stringify(Date.now().toString(36)),
    },
    // Read by scripts/prerender.ts (the chunks to preload in prerendered pages), then removed.
    manifest: true,
  }),
);
