import '@/kit/config/csp-safe-zod';
import '@aws-amplify/ui-react/styles.css';
import 'virtual:amplify-theme.css';
import '@/kit/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createI18n, loadLanguageChunk } from '@/lib/i18n';
import { readStoredLanguage } from '@/kit/preferences/preferences';
import { checkPrerenderedPage, discardPrerenderedMarkup, PRERENDER_CHECK } from './app/prerendered-page';
import { SiteProviders } from '@/kit/site-providers';
import {
  createAppRouter,
  inSignedInArea,
  loadMatchedLazyRoutes,
  startMatchedRouteDownloads,
} from './app/router';

/**
 * The public pages arrive prerendered (scripts/prerender.ts) and are hydrated when the visitor would see
 * the same markup; any other page, or a visitor with another stored language or theme, is rendered here.
 */
async function start(): Promise<void> {
  const container = document.getElementById('root') as HTMLElement;
  const hydrate = checkPrerenderedPage(PRERENDER_CHECK);
  const language = readStoredLanguage();
  // A signed-in page needs its strings ('app') before its shell renders: their download starts now, beside
  // the public ones, instead of after the shell's chunk and /config.json (the shell's load then finds them).
  // Its shell's and page's chunks too: the router would ask for them only once the strings are in.
  if (inSignedInArea(window.location)) {
    void loadLanguageChunk(language, 'app').catch(() => undefined);
    startMatchedRouteDownloads(window.location);
  }
  const [i18n] = await Promise.all([
    createI18n(language),
    // Hydration must render what the prerender did on the first pass, so the page's own chunk comes first.
    hydrate ? loadMatchedLazyRoutes(window.location) : null,
  ]);
  const app = (
    <StrictMode>
      <SiteProviders i18n={i18n}>
        <RouterProvider router={createAppRouter()} />
      </SiteProviders>
    </StrictMode>
  );
  if (hydrate) {
    // As a transition, hydration yields to the browser between components instead of one long task.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    discardPrerenderedMarkup(container, PRERENDER_CHECK);
    createRoot(container).render(app);
  }
}

void start();
