import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import { marketingPlans } from './scripts/build-time-modules';
import { siteViteConfig } from './src/kit/build/site-vite-config';

/**
 * The build's id: a sha256 of the sources that decide the API answers' shape (shared/src/api, the contract,
 * and shared/src/domain, its schemas), so the same sources give the same build and the same asset names.
 * Answers a dashboard kept under another id are not shown (web/src/lib/kept-answers.ts): their shape may
 * differ.
 */
function answerShapeId(): string {
  const hash = createHash('sha256');
  for (const folder of ['api', 'domain']) {
    const root = new URL(`../shared/src/${folder}/`, import.meta.url);
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .sort();
    for (const file of files) hash.update(`${folder}/${file}\0`).update(readFileSync(new URL(file, root)));
  }
  return hash.digest('hex').slice(0, 16);
}

export default defineConfig(
  siteViteConfig({
    siteDirectory: new URL('.', import.meta.url),
    localStackUrl: 'http://127.0.0.1:3000',
    plugins: [marketingPlans()],
    // The footer's year in prerendered pages; the client swaps in the visitor's after hydrating.
    define: {
      __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
      __BUILD_ID__: JSON.stringify(answerShapeId()),
    },
    // Read by scripts/prerender.ts (the chunks to preload in prerendered pages), then removed.
    manifest: true,
  }),
);
