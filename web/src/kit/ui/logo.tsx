import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import './logo.css';

export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#0b1220" />
      <path d="M32 10 50 22v20L32 54 14 42V22z" fill="#f5b841" />
      <path d="M32 20 42 27v10l-10 7-10-7V27z" fill="#0b1220" />
    </svg>
  );
}

/** Logo and name, linking home. */
export function Logo({ to = '/' }: { to?: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className="app-logo" aria-label={t('aria.logo')}>
      <LogoMark />
      <span className="app-logo__name">{t('appName')}</span>
    </Link>
  );
}
