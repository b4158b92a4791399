import type { i18n as I18nInstance } from 'i18next';
import type { Language } from '@app/shared/domain/enums';
import {
  createI18n as createI18nWith,
  type BundlePart,
  type CreateI18nOptions,
  type LanguageBundle,
  type LanguageLoader,
} from '@/kit/i18n/i18n-core';

export * from '@/kit/i18n/i18n-core';

const CHUNKS: Record<`${Language}-${BundlePart}`, () => Promise<{ default: LanguageBundle }>> = {
  'en-public': () => import('./locales/en-public'),
  'en-app': () => import('./locales/en-app'),
  'fr-public': () => import('./locales/fr-public'),
  'fr-app': () => import('./locales/fr-app'),
  'es-public': () => import('./locales/es-public'),
  'es-app': () => import('./locales/es-app'),
};

export const loadLanguageChunk: LanguageLoader = async (language, part) =>
  (await CHUNKS[`${language}-${part}`]()).default;

/** The investor site's instance: its own chunks unless a test passes another loader. */
export function createI18n(
  language: Language,
  { load = loadLanguageChunk, parts }: Partial<CreateI18nOptions> = {},
): Promise<I18nInstance> {
  return createI18nWith(language, parts ? { load, parts } : { load });
}
