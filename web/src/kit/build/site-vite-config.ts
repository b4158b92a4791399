import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { PluginOption, UserConfig } from 'vite';
import { amplifyThemeCss } from './build-time-module';

/**
 * Amplify (auth, core, crypto) is large and only sign-in and the signed-in screens need it, so it
 * gets its own long-cached chunk that a site's first page never downloads. The UI primitives of
 * `@aws-amplify/ui-react` are not part of it: every page renders them.
 */
const AMPLIFY_MODULES = /node_modules[\\/](aws-amplify|@aws-amplify[\\/](?!ui)|@aws-crypto|@smithy|@aws-sdk)/;

export interface SiteViteOptions {
  /** The site's folder: `new URL('.', import.meta.url)` in its vite.config.ts. */
  siteDirectory: URL;
  /** Where plain `vite` sends /api and /config.json: this site's address on a running local stack. */
  localStackUrl: string;
  /** The site's own plugins, after React's and the theme's. */
  plugins?: PluginOption[];
  define?: Record<string, string>;
  /** Write .vite/manifest.json (the investor site's prerender reads it). */
  manifest?: boolean;
}

const SHARED_LOCALES = fileURLToPath(new URL('../../../../shared/src/i18n/locales', import.meta.url));

/**
 * The Vite configuration of both sites: React, the theme as build-time CSS, the `@/` alias to the
 * site's own src/, the shared locales, the Amplify chunk, and the dev server's proxy to the local API
 * (docs/development-loop.md).
 */
export function siteViteConfig(options: SiteViteOptions): UserConfig {
  const proxyTarget = process.env.API_PROXY_TARGET ?? options.localStackUrl;
  return {
    plugins: [react(), amplifyThemeCss(), ...(options.plugins ?? [])],
    ...(options.define ? { define: options.define } : {}),
    resolve: {
      alias: {
        '@/': fileURLToPath(new URL('./src/', options.siteDirectory)),
        '@shared-locales': SHARED_LOCALES,
      },
    },
    build: {
      target: 'es2022',
      sourcemap: true,
      ...(options.manifest ? { manifest: true } : {}),
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [{ name: 'amplify', test: AMPLIFY_MODULES }],
          },
        },
      },
    },
    server: {
      // `npm run dev` serves the site with hot reload; the API and the runtime configuration come from a
      // running local stack (API_PROXY_TARGET overrides its address).
      proxy: { '/api': proxyTarget, '/config.json': proxyTarget },
    },
  };
}
