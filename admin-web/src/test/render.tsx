import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { Language } from '@app/shared/domain/enums';
import { resources } from '@app/shared/i18n';
import { createI18n } from '@/lib/i18n';
import { PreferencesProvider } from '@app/web/lib/preferences';
import { ToastProvider } from '@app/web/ui/toast';

export async function renderWithProviders(
  ui: ReactElement,
  { language = 'en' }: { language?: Language } = {},
): Promise<RenderResult> {
  const i18n = await createI18n(language, async (requested) => resources[requested]);
  return render(
    <I18nextProvider i18n={i18n}>
      <PreferencesProvider i18n={i18n}>
        <ToastProvider dismissLabel="Close" limit={3} durationMs={4_000}>
          {ui}
        </ToastProvider>
      </PreferencesProvider>
    </I18nextProvider>,
  );
}
