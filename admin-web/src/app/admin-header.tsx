import { Button, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '@app/web/kit/ui/logo';
import { SiteHeader } from '@app/web/kit/ui/site-header';
import { MarketDateBadge } from '@app/web/kit/market-date';
import './admin-header.css';
import { LanguageCycleButton, ThemeToggleButton } from '@app/web/kit/ui/preference-controls';
import type { User } from '@app/shared/domain/entities/user';

export interface AdminHeaderProps {
  user: User | null;
  onRefresh: () => void;
  refreshing: boolean;
  onLogout: () => void;
}

/** docs/product.md "Screens", admin site: refresh, the admin's first name (or 'Admin') and email, Logout. */
export function AdminHeader({ user, onRefresh, refreshing, onLogout }: AdminHeaderProps) {
  const { t } = useTranslation('admin');
  const brand = (
    <div className="app-logo">
      <LogoMark />
      <h1 className="app-logo__name admin-header__title">{t('header.title')}</h1>
    </div>
  );
  return (
    <SiteHeader brand={brand} className="admin-header">
      <MarketDateBadge />
      <Button size="small" onClick={onRefresh} isLoading={refreshing} loadingText={t('header.refresh')}>
        {t('header.refresh')}
      </Button>
      <LanguageCycleButton />
      <ThemeToggleButton />
      <span className="app-header__user" data-testid="admin-user">
        <Text as="span" className="app-header__name">
          {user?.first_name.trim() || t('header.admin')}
        </Text>
        {user ? (
          <Text as="span" className="app-muted app-header__email">
            {user.email}
          </Text>
        ) : null}
      </span>
      <Button size="small" onClick={onLogout}>
        {t('header.logout')}
      </Button>
    </SiteHeader>
  );
}
