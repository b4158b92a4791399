import { Text } from '@aws-amplify/ui-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Logo } from '@/kit/ui/logo';
import { PUBLIC_LINKS } from './public-nav';
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

/** Every public page ends with the "not investment advice" line. */
export function Footer() {
  const { t } = useTranslation(['common', 'nav']);
  const year = useCurrentYear();
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
        </div>
      </div>
      <p className="app-footer__advice" data-testid="not-advice">
        {t('common:footer.notAdvice')}
      </p>
      <Text className="app-muted app-footer__small">{t('common:footer.dataSources')}</Text>
      <Text className="app-muted app-footer__small">{t('common:footer.copyright', { year })}</Text>
    </footer>
  );
}
