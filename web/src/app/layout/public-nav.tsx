import { Button } from '@aws-amplify/ui-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { CloseIcon, MenuIcon } from '@/kit/ui/icons';
import { Logo } from '@/kit/ui/logo';
import { LanguageCycleButton, ThemeToggleButton } from '@/kit/ui/preference-controls';
import './public-nav.css';

export const PUBLIC_LINKS = [
  { to: '/', key: 'home' },
  { to: '/features', key: 'features' },
  { to: '/pricing', key: 'pricing' },
  { to: '/about', key: 'about' },
  { to: '/contact', key: 'contact' },
] as const;

/** The legal pages: linked from the footer and the sign-up form, prerendered like the pages above. */
export const LEGAL_LINKS = [
  { to: '/privacy', key: 'privacy' },
  { to: '/terms', key: 'terms' },
] as const;

/**
 * docs/product.md "Screens", public pages: sticky navigation bar of the public pages, with its mobile menu.
 */
export function PublicNav() {
  const { t } = useTranslation('nav');
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  // A link followed from the mobile menu closes it.
  const closeMenu = () => setMenuOpen(false);

  const links = (
    <>
      {PUBLIC_LINKS.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          end={link.to === '/'}
          onClick={closeMenu}
          className={({ isActive }) => `app-nav__link${isActive ? ' app-nav__link--active' : ''}`}
        >
          {t(`links.${link.key}`)}
        </NavLink>
      ))}
    </>
  );
  const actions = (
    <>
      <Link to="/dashboard" className="app-nav__link" onClick={closeMenu}>
        {t('links.login')}
      </Link>
      <Link
        to="/pricing"
        className="amplify-button amplify-button--primary amplify-button--small app-nav__cta"
      >
        {t('links.getStarted')}
      </Link>
    </>
  );

  return (
    <header className="app-nav">
      <a href="#main" className="app-skip-link">
        {t('skipToContent')}
      </a>
      <nav className="app-nav__bar" aria-label={t('label')}>
        <Logo />
        <div className="app-nav__links app-desktop-only">{links}</div>
        <div className="app-nav__actions">
          <LanguageCycleButton />
          <ThemeToggleButton />
          <div className="app-nav__auth app-desktop-only">{actions}</div>
          <Button
            size="small"
            variation="link"
            className="app-icon-button app-mobile-only"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? t('mobileMenu.close') : t('mobileMenu.open')}
            onClick={() => setMenuOpen((open) => !open)}
            data-testid="mobile-menu-toggle"
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </Button>
        </div>
      </nav>
      <div
        id={menuId}
        className="app-nav__mobile app-mobile-only"
        hidden={!menuOpen}
        data-testid="mobile-menu"
      >
        {links}
        {actions}
      </div>
    </header>
  );
}
