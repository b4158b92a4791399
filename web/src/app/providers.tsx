import type { i18n as I18nInstance } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { ToastProvider } from '@/components/ui/toast';
import { PreferencesProvider } from '@/lib/preferences';
import { ThemeScope } from './theme-scope';

function ThemedApp({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ThemeScope>
      <div className="app-root">
        <ToastProvider dismissLabel={t('buttons.close')}>{children}</ToastProvider>
      </div>
    </ThemeScope>
  );
}

/**
 * Translations, language and theme, toasts: what every page relies on. Server state and the runtime
 * configuration belong to the routes that use them (./server-state, ./config).
 */
export function AppProviders({ i18n, children }: { i18n: I18nInstance; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <PreferencesProvider i18n={i18n}>
        <ThemedApp>{children}</ThemedApp>
      </PreferencesProvider>
    </I18nextProvider>
  );
}
