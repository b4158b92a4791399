import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { createI18n } from '@/lib/i18n';
import { DEFAULT_LANGUAGE } from '@/kit/preferences/preferences';
export { checkPrerenderedPage, PRERENDER_CHECK } from './prerendered-page';
import { LEGAL_LINKS, PUBLIC_LINKS } from './layout/public-nav';
import { SiteProviders } from '@/kit/site-providers';
import { routes } from './router';
import { documentTitleOf, pageOf } from './layout/document-title';

/** The pages of the public navigation and the legal pages are written as HTML at build time (scripts/prerender.ts). */
export const PRERENDERED_PATHS: readonly string[] = [...PUBLIC_LINKS, ...LEGAL_LINKS].map((link) => link.to);
/** A first visit's language (the default): the language of every prerendered page. */
export const PRERENDER_LANGUAGE = DEFAULT_LANGUAGE;

/**
 * The markup the app renders at `path` for a first visit: English, the default theme, no session.
 * The client hydrates it only when it would render the same (see ./prerendered-page).
 */
export async function renderPage(path: string): Promise<{ html: string; title: string }> {
  const i18n = await createI18n(PRERENDER_LANGUAGE);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`Prerendering ${path} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // The page's own <title>, as DocumentTitle sets it once the client runs.
  const title = documentTitleOf(
    pageOf(context.matches.map((match) => match.route.handle)),
    i18n.getFixedT(PRERENDER_LANGUAGE, 'nav'),
  );
  const html = renderToString(
    <StrictMode>
      <SiteProviders i18n={i18n}>
        {/* hydrate={false}: no inline hydration script (the CSP allows none); the public routes load no data. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </SiteProviders>
    </StrictMode>,
  );
  return { html, title };
}
