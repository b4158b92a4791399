import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import type { Language } from '@app/shared/domain/enums';
import { resources } from '@app/shared/i18n';
import { ToastProvider } from '@/components/ui/toast';
import { createI18n, type LanguageLoader } from '@/lib/i18n';
import { PreferencesProvider } from '@/lib/preferences';

/** Every namespace from the shared resources, without the per-language chunks. */
export const loadFromSharedResources: LanguageLoader = async (language) => resources[language];

export async function renderWithProviders(
  ui: ReactElement,
  { language = 'en', route = '/' }: { language?: Language; route?: string } = {},
): Promise<RenderResult & { i18n: Awaited<ReturnType<typeof createI18n>> }> {
  const i18n = await createI18n(language, { load: loadFromSharedResources, parts: ['public'] });
  const result = render(
    <I18nextProvider i18n={i18n}>
      <PreferencesProvider i18n={i18n}>
        <ToastProvider dismissLabel="x">
          <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
        </ToastProvider>
      </PreferencesProvider>
    </I18nextProvider>,
  );
  return { ...result, i18n };
}
