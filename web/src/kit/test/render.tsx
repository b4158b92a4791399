import { render, type RenderResult } from '@testing-library/react';
import type { i18n as I18nInstance } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import type { Language } from '@app/shared/domain/enums';
import { resources } from '@app/shared/i18n';
import { createI18n, type LanguageLoader } from '../i18n/i18n-core';
import { PreferencesProvider } from '../preferences/preferences';
import { ToastProvider, type ToastProviderProps } from '../ui/toast';

/** Every namespace from the shared resources, without a site's per-language chunks. */
export const loadFromSharedResources: LanguageLoader = async (language) => resources[language];

export interface RenderOptions {
  language?: Language;
  /** The router's initial path. */
  route?: string;
  /** A site's toast settings (the admin site shows 3 at most, 4 s each). */
  toasts?: Pick<ToastProviderProps, 'limit' | 'durationMs'>;
}

/** A component with what every screen of both sites relies on: strings, preferences, toasts, a router. */
export async function renderWithProviders(
  ui: ReactElement,
  { language = 'en', route = '/', toasts = {} }: RenderOptions = {},
): Promise<RenderResult & { i18n: I18nInstance }> {
  const i18n = await createI18n(language, { load: loadFromSharedResources, parts: ['public'] });
  const result = render(
    <I18nextProvider i18n={i18n}>
      <PreferencesProvider i18n={i18n}>
        <ToastProvider dismissLabel="x" {...toasts}>
          <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
        </ToastProvider>
      </PreferencesProvider>
    </I18nextProvider>,
  );
  return { ...result, i18n };
}
