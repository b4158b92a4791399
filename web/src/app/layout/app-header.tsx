import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, MenuIcon } from '@/kit/ui/icons';
import { Logo } from '@/kit/ui/logo';
import { LanguageCycleButton, ThemeToggleButton } from '@/kit/ui/preference-controls';
import { Badge } from '@/kit/ui/badge';
import { SiteHeader } from '@/kit/ui/site-header';
import { MarketDateBadge } from '@/kit/market/market-date';
import { useAuth } from '@/features/auth/components/auth-provider';
import { NotificationsBell } from './notifications-bell';

/**
 * The signed-in shell's sticky header. On a phone its Menu button opens the navigation (the sidebar
 * becomes a menu under the header), and the language, theme, plan and Logout move into that menu so the
 * header is one row. A demo visitor is offered Sign In only (never beside Logout).
 */
export function AppHeader({ menuOpen, onToggleMenu }: { menuOpen: boolean; onToggleMenu: () => void }) {
  const { t } = useTranslation(['shell', 'common']);
  const { viewer, pendingUserId, openSignIn, logout } = useAuth();
  return (
    <SiteHeader
      className="app-header--investor"
      brand={
        <span className="app-header__brand">
          <Button
            size="small"
            variation="link"
            className="app-icon-button app-menu-button"
            aria-expanded={menuOpen}
            aria-controls="app-navigation"
            aria-label={menuOpen ? t('shell:header.closeMenu') : t('shell:header.menu')}
            onClick={onToggleMenu}
            data-testid="app-menu-button"
          >
            {menuOpen ? <CloseIcon size={20} /> : <MenuIcon size={20} />}
          </Button>
          <Logo to="/dashboard" />
        </span>
      }
    >
      <MarketDateBadge />
      <NotificationsBell />
      {/* On a phone these move into the menu (AppSidebar), so the header keeps one row (issue 46). */}
      <span className="app-header__extras">
        <LanguageCycleButton />
        <ThemeToggleButton />
      </span>
      {viewer?.isDemo ? (
        <Badge variant="warning" data-testid="demo-marker" title={t('common:demo.description')}>
          {t('common:demo.badge')}
        </Badge>
      ) : null}
      {viewer && !viewer.isDemo ? (
        <span className="app-header__extras">
          <span className="app-header__user" data-testid="header-user">
            <span className="app-header__name">{viewer.name}</span>
            <Badge
              variant={viewer.tier === 'FREE' ? 'secondary' : 'default'}
              aria-label={t('shell:header.tierBadge', { tier: t(`common:tiers.${viewer.tier}`) })}
            >
              {t(`common:tiers.${viewer.tier}`)}
            </Badge>
          </span>
          <Button size="small" onClick={() => void logout()}>
            {t('shell:header.logout')}
          </Button>
        </span>
      ) : pendingUserId ? null : (
        // Not while a stored session is checked: it would show, then go, and move the page (CLS).
        <Button size="small" variation="primary" onClick={() => openSignIn('signIn')}>
          {t('shell:header.signIn')}
        </Button>
      )}
    </SiteHeader>
  );
}
