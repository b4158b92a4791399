import type { i18n as I18nInstance } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { PreferencesProvider } from './preferences/preferences';
import { ThemeScope } from './theme/theme-scope';
import { ToastProvider, type ToastProviderProps } from './ui/toast';

function ThemedSite({
  toasts,
  children,
}: {
  toasts: Pick<ToastProviderProps, 'limit' | 'durationMs'>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ThemeScope>
      <div className="app-root">
        <ToastProvider dismissLabel={t('buttons.close')} {...toasts}>
          {children}
        </ToastProvider>
      </div>
    </ThemeScope>
  );
}

/**
 * Translations, language and theme, toasts: what every page of both sites relies on. Server state
 * and the runtime configuration belong to the screens that use them (./api/server-state).
 */
export function SiteProviders({
  i18n,
  toasts = {},
  children,
}: {
  i18n: I18nInstance;
  /** A site's toast settings (defaults: the investor site's, docs/product.md "Business rules and limits"). */
  toasts?: Pick<ToastProviderProps, 'limit' | 'durationMs'>;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <PreferencesProvider i18n={i18n}>
        <ThemedSite toasts={toasts}>{children}</ThemedSite>
      </PreferencesProvider>
    </I18nextProvider>
  );
}
