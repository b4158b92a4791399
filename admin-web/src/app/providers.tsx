import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18nInstance } from 'i18next';
import { useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { ToastProvider } from '@app/web/ui/toast';
import { PreferencesProvider } from '@app/web/lib/preferences';
import { ThemeScope } from '@app/web/theme-scope';

/** Part 2 section 9: the admin toast defaults are 3 visible, 4 s each (the 14 px gap is in the CSS). */
export const ADMIN_TOAST_LIMIT = 3;
export const ADMIN_TOAST_DURATION_MS = 4_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
}

function ThemedApp({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ThemeScope>
      <div className="app-root">
        <ToastProvider
          dismissLabel={t('buttons.close')}
          limit={ADMIN_TOAST_LIMIT}
          durationMs={ADMIN_TOAST_DURATION_MS}
        >
          {children}
        </ToastProvider>
      </div>
    </ThemeScope>
  );
}

/** Translations, language and theme, server state and toasts. */
export function AppProviders({
  i18n,
  queryClient,
  children,
}: {
  i18n: I18nInstance;
  queryClient?: QueryClient;
  children: ReactNode;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <PreferencesProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <ThemedApp>{children}</ThemedApp>
        </QueryClientProvider>
      </PreferencesProvider>
    </I18nextProvider>
  );
}
