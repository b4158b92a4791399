import { Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Logo } from '@/components/logo';
import { PUBLIC_LINKS } from './public-nav';

/** Every public page ends with the "not investment advice" line. */
export function Footer() {
  const { t } = useTranslation(['common', 'nav']);
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
      <Text className="app-muted app-footer__small">
        {t('common:footer.copyright', { year: new Date().getFullYear() })}
      </Text>
    </footer>
  );
}
