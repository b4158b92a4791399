import { Text } from '@aws-amplify/ui-react';
import { QueryClientContext } from '@tanstack/react-query';
import { lazy, Suspense, useContext, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Logo } from '@/kit/ui/logo';
import { DataSourcesText } from './data-sources-text';
import { LEGAL_LINKS, PUBLIC_LINKS } from './public-nav';
import './footer.css';

const subscribeToNothing = () => () => {};

/**
 * The visitor's year. A prerendered page carries the build's year: hydration starts from it (the markup
 * matches) and then renders the visitor's, so a page built last year neither fails to hydrate nor stays stale.
 */
function useCurrentYear(): number {
  return useSyncExternalStore(
    subscribeToNothing,
    () => new Date().getFullYear(),
    () => __BUILD_YEAR__,
  );
}

/**
 * Which data serves the site, from the market clock: a chunk of its own, since the clock's query
 * brings the API contract, which no public page's first paint needs.
 */
const DataSourcesLine = lazy(() => import('./data-sources-line'));

/** Every public page ends with the "not investment advice" line. */
export function Footer() {
  const { t } = useTranslation(['common', 'nav', 'legal']);
  const year = useCurrentYear();
  // The prerendered pages are built without a client: they (and the first paint) say nothing of the mode.
  const client = useContext(QueryClientContext);
  return (
    <footer className="app-footer">
      <div className="app-footer__inner">
        <div className="app-footer__brand">
          <Logo />
          <Text className="app-muted">{t('common:tagline')}</Text>
        </div>
        <div className="app-footer__links">
          {PUBLIC_LINKS.map((link) => (
            <Link key={link.to} to={link.to}>
              {t(`nav:links.${link.key}`)}
            </Link>
          ))}
          {LEGAL_LINKS.map((link) => (
            <Link key={link.to} to={link.to}>
              {t(`legal:links.${link.key}`)}
            </Link>
          ))}
        </div>
      </div>
      <p className="app-footer__advice" data-testid="not-advice">
        {t('common:footer.notAdvice')}
      </p>
      {client ? (
        <Suspense fallback={<DataSourcesText mode={null} />}>
          <DataSourcesLine />
        </Suspense>
      ) : (
        <DataSourcesText mode={null} />
      )}
      <Text className="app-muted app-footer__small">{t('common:footer.copyright', { year })}</Text>
    </footer>
  );
}
