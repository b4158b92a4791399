import { Button, VisuallyHidden } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { BellIcon } from '@/kit/ui/icons';
import { Logo } from '@/kit/ui/logo';
import { LanguageCycleButton, ThemeToggleButton } from '@/kit/ui/preference-controls';
import { Badge } from '@/kit/ui/badge';
import { SiteHeader } from '@/kit/ui/site-header';
import { MarketDateBadge } from '@/kit/market/market-date';
import { useAuth } from '@/features/auth/components/auth-provider';

/** Part 1 section 2: the signed-in shell's sticky header. */
export function AppHeader() {
  const { t } = useTranslation(['shell', 'common']);
  const { viewer, openSignIn, logout } = useAuth();
  return (
    <SiteHeader brand={<Logo to="/dashboard" />}>
      <MarketDateBadge />
      <Button
        size="small"
        variation="link"
        className="app-icon-button app-bell"
        aria-label={t('shell:header.notifications')}
      >
        <BellIcon size={18} />
        <span className="app-bell__dot" aria-hidden="true" />
        <VisuallyHidden>{t('shell:header.unreadNotifications')}</VisuallyHidden>
      </Button>
      <LanguageCycleButton />
      <ThemeToggleButton />
      {viewer?.isDemo ? (
        <Badge variant="warning" data-testid="demo-marker" title={t('common:demo.description')}>
          {t('common:demo.badge')}
        </Badge>
      ) : null}
      {viewer && !viewer.isDemo ? (
        <>
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
        </>
      ) : (
        <>
          <Button size="small" variation="primary" onClick={() => openSignIn('signIn')}>
            {t('shell:header.signIn')}
          </Button>
          {viewer?.isDemo ? (
            <Button size="small" onClick={() => void logout()}>
              {t('shell:header.logout')}
            </Button>
          ) : null}
        </>
      )}
    </SiteHeader>
  );
}
