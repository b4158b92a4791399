/**
 * Runs after `vite build` (the `build` script): writes the public pages as HTML, so their content
 * paints from HTML and CSS before any JavaScript runs; the client then hydrates them (src/main.tsx).
 *
 *   dist/index.html          the home page (/), prerendered
 *   dist/<page>/index.html   the other public pages (/pricing, ...), prerendered
 *   dist/app.html            the empty shell Vite built: every other path (the signed-in area)
 *
 * The local stack (infra/local/static-site-server.ts) and CloudFront (infra/lib/constructs/static-site.ts)
 * serve a path from its folder's index.html when there is one, and app.html otherwise.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import type * as ServerEntry from '../src/app/prerender';

type PrerenderModule = typeof ServerEntry;
type ViteManifest = Record<string, { file: string; imports?: string[] }>;

const WEB = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(WEB, 'dist');
/** Inside the workspace, so the server bundle's bare imports (react, ...) resolve from node_modules. */
const SERVER_BUILD = join(WEB, 'node_modules', '.cache', 'prerender');
const APP_SHELL = 'app.html';

/** `html` with `search` replaced once; a template that changed shape fails the build. */
function replaceOnce(html: string, search: string, replacement: string): string {
  if (!html.includes(search)) throw new Error(`prerender: "${search}" not found in dist/index.html`);
  return html.replace(search, () => replacement);
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** The chunk built from `source` and the chunks it imports, as URLs (Vite's manifest). */
function chunkUrls(manifest: ViteManifest, source: string): string[] {
  const urls = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry) throw new Error(`prerender: ${key} is not in the build manifest`);
    if (urls.has(`/${entry.file}`)) return;
    urls.add(`/${entry.file}`);
    entry.imports?.forEach(visit);
  };
  visit(source);
  return [...urls];
}

/** The app's server entry (src/app/prerender.tsx), built by Vite for Node. */
async function buildServerEntry(): Promise<PrerenderModule> {
  await build({
    root: WEB,
    logLevel: 'warn',
    build: {
      ssr: 'src/app/prerender.tsx',
      outDir: SERVER_BUILD,
      emptyOutDir: true,
      copyPublicDir: false,
      sourcemap: false,
      manifest: false,
    },
  });
  return (await import(pathToFileURL(join(SERVER_BUILD, 'prerender.js')).href)) as PrerenderModule;
}

/**
 * The shell with what a prerendered page adds to its <head>: the stale-page check as a blocking
 * script (a visitor who chose French or the light theme never sees the English dark page flash;
 * see src/app/prerendered-page.ts), and its language's strings preloaded with the entry instead of
 * fetched after it. The page paints without its module scripts (they never block rendering), so they
 * leave the bandwidth to the HTML and the stylesheet: fetchpriority="low". The shell keeps the default:
 * it needs them to paint.
 */
function pageTemplate(shell: string, server: PrerenderModule, manifest: ViteManifest): string {
  const check = `(${server.checkPrerenderedPage.toString()})(${JSON.stringify(server.PRERENDER_CHECK)});\n`;
  const checkFile = `assets/prerender-check-${createHash('sha256').update(check).digest('hex').slice(0, 8)}.js`;
  writeFileSync(join(DIST, checkFile), check);
  const localeChunks = chunkUrls(manifest, `src/lib/locales/${server.PRERENDER_LANGUAGE}-public.ts`)
    .filter((url) => !shell.includes(`"${url}"`))
    .map((url) => `<link rel="modulepreload" crossorigin href="${url}">`);
  const head = [...localeChunks, `<script src="/${checkFile}"></script>`].map((tag) => `    ${tag}\n`);
  return replaceOnce(shell, '  </head>', `${head.join('')}  </head>`)
    .replaceAll('<script type="module" ', '<script type="module" fetchpriority="low" ')
    .replaceAll('<link rel="modulepreload" ', '<link rel="modulepreload" fetchpriority="low" ');
}

/**
 * The shell served for the signed-in area: every path there renders the signed-in shell, so its chunks,
 * the runtime configuration its loader reads and the default language's strings (both parts) are
 * preloaded with the entry instead of being found once the entry or the router has run (each was a
 * round trip on the way to the first paint; bench/results.md, Lighthouse).
 */
function appShellPage(shell: string, manifest: ViteManifest, language: string): string {
  const chunks = [
    'src/app/layout/app-shell.tsx',
    `src/lib/locales/${language}-public.ts`,
    `src/lib/locales/${language}-app.ts`,
  ].flatMap((source) => chunkUrls(manifest, source));
  const preloads = [...new Set(chunks)]
    .filter((url) => !shell.includes(`"${url}"`))
    .map((url) => `<link rel="modulepreload" crossorigin href="${url}">`);
  // As the loader fetches it (kit/config/runtime-config.ts: same-origin, CORS mode), so the fetch uses it.
  const config = '<link rel="preload" href="/config.json" as="fetch" crossorigin>';
  const head = [config, ...preloads].map((tag) => `    ${tag}\n`);
  return replaceOnce(shell, '  </head>', `${head.join('')}  </head>`);
}

async function prerender(): Promise<void> {
  const shell = readFileSync(join(DIST, 'index.html'), 'utf8');
  const manifestFolder = join(DIST, '.vite');
  const manifest = JSON.parse(readFileSync(join(manifestFolder, 'manifest.json'), 'utf8')) as ViteManifest;
  const server = await buildServerEntry();
  const template = pageTemplate(shell, server, manifest);

  writeFileSync(join(DIST, APP_SHELL), appShellPage(shell, manifest, server.PRERENDER_LANGUAGE));
  for (const path of server.PRERENDERED_PATHS) {
    const page = await server.renderPage(path);
    let html = replaceOnce(template, '<html lang="en"', `<html lang="en" data-prerendered="${path}"`);
    html = replaceOnce(html, '<title>Nugget Invest</title>', `<title>${escapeHtml(page.title)}</title>`);
    html = replaceOnce(html, '<div id="root"></div>', `<div id="root">${page.html}</div>`);
    const file = join(DIST, path, 'index.html');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, html);
    console.log(`prerendered ${path} -> ${file.slice(WEB.length + 1)}`);
  }

  // Build-time inputs only: neither is deployed.
  rmSync(manifestFolder, { recursive: true, force: true });
  rmSync(SERVER_BUILD, { recursive: true, force: true });
}

await prerender();
