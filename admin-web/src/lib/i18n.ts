import type { i18n as I18nInstance } from 'i18next';
import type { Language } from '@app/shared/domain/enums';
import { createI18n as createI18nWith, type LanguageLoader } from '@app/web/kit/i18n';

export { SUPPORTED_LANGUAGES, switchLanguage, type LanguageLoader } from '@app/web/kit/i18n';

/** One chunk per language with the namespaces the admin site uses (./locales). */
export const loadLanguageChunk: LanguageLoader = async (language) => {
  switch (language) {
    case 'fr':
      return (await import('./locales/fr')).default;
    case 'es':
      return (await import('./locales/es')).default;
    default:
      return (await import('./locales/en')).default;
  }
};

/** A fresh i18next instance with the language's strings already loaded (the investor site's set-up). */
export function createI18n(
  language: Language,
  load: LanguageLoader = loadLanguageChunk,
): Promise<I18nInstance> {
  return createI18nWith(language, { load });
}
