import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './site-header.css';

/**
 * The sticky header bar of both sites' signed-in screens: a skip link to #main, the brand on the
 * left, the actions on the right.
 */
export function SiteHeader({
  brand,
  className,
  children,
}: {
  brand: ReactNode;
  /** A site's own class, for its adjustments (`.admin-header .app-header__actions`). */
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('nav');
  return (
    <header className={className ? `app-header ${className}` : 'app-header'}>
      <a href="#main" className="app-skip-link">
        {t('skipToContent')}
      </a>
      <div className="app-header__bar">
        {brand}
        <div className="app-header__actions">{children}</div>
      </div>
    </header>
  );
}
