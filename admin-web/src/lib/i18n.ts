import i18next, { type i18n as I18nInstance } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@app/shared/domain/enums';
import type { LanguageResources } from '@app/shared/i18n';

/** en, fr, es in cycle order (the shared LANGUAGES; checked in i18n.test.ts). */
export const SUPPORTED_LANGUAGES: readonly Language[] = ['en', 'fr', 'es'];

export type LanguageBundle = Partial<LanguageResources>;
export type LanguageLoader = (language: Language) => Promise<LanguageBundle>;

/** One chunk per language with the namespaces this site uses (./locales). */
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

const loaders = new WeakMap<I18nInstance, LanguageLoader>();

/** A fresh i18next instance with the language's strings already loaded. */
export async function createI18n(
  language: Language,
  load: LanguageLoader = loadLanguageChunk,
): Promise<I18nInstance> {
  const resources = await load(language);
  const instance = i18next.createInstance();
  loaders.set(instance, load);
  await instance.use(initReactI18next).init({
    lng: language,
    resources: { [language]: resources },
    partialBundledLanguages: true,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    fallbackLng: false,
    ns: Object.keys(resources),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    showSupportNotice: false,
  });
  return instance;
}

/** Downloads the language's chunk when needed, then switches to it. */
export async function switchLanguage(instance: I18nInstance, language: Language): Promise<void> {
  const load = loaders.get(instance);
  if (load && !instance.hasResourceBundle(language, 'common')) {
    for (const [namespace, strings] of Object.entries(await load(language))) {
      instance.addResourceBundle(language, namespace, strings, true, true);
    }
  }
  await instance.changeLanguage(language);
}
