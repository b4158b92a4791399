/**
 * The i18next set-up shared by both sites (the admin site imports it from `@app/web/lib/i18n-core`):
 * each site passes the loader of its own language chunks.
 */
import i18next, { type i18n as I18nInstance } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useEffect, useState } from 'react';
import type { Language } from '@app/shared/domain/enums';
import type { LanguageResources } from '@app/shared/i18n';

/**
 * en, fr, es in cycle order. The same list as the shared LANGUAGES; restated (and checked against it
 * in i18n.test.ts) because importing the shared enums would pull zod into the home page's bundle.
 */
export const SUPPORTED_LANGUAGES: readonly Language[] = ['en', 'fr', 'es'];

/**
 * Strings come in two chunks per language: what the public pages need, and the signed-in area's
 * namespaces, loaded when that area opens. A visitor downloads one language, and another only when
 * they switch to it.
 */
export type BundlePart = 'public' | 'app';
export type LanguageBundle = Partial<LanguageResources>;
export type LanguageLoader = (language: Language, part: BundlePart) => Promise<LanguageBundle>;

interface InstanceState {
  load: LanguageLoader;
  parts: Set<BundlePart>;
}
const states = new WeakMap<I18nInstance, InstanceState>();

function addBundle(instance: I18nInstance, language: Language, bundle: LanguageBundle): void {
  for (const [namespace, strings] of Object.entries(bundle)) {
    instance.addResourceBundle(language, namespace, strings, true, true);
  }
}

function currentLanguage(instance: I18nInstance): Language {
  const language = instance.language;
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(language) ? (language as Language) : 'en';
}

export interface CreateI18nOptions {
  /** Where a language's strings come from (each site has its own chunks). */
  load: LanguageLoader;
  parts?: readonly BundlePart[];
}

/** A fresh i18next instance with the language's strings already loaded (no flash of keys). */
export async function createI18n(
  language: Language,
  { load, parts = ['public'] }: CreateI18nOptions,
): Promise<I18nInstance> {
  const bundles = await Promise.all(parts.map((part) => load(language, part)));
  const resources = Object.assign({}, ...bundles) as LanguageBundle;
  const instance = i18next.createInstance();
  states.set(instance, { load, parts: new Set(parts) });
  await instance.use(initReactI18next).init({
    lng: language,
    resources: { [language]: resources },
    partialBundledLanguages: true,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    // Every key exists in every language (shared/src/i18n tests), so no fallback is downloaded.
    fallbackLng: false,
    ns: Object.keys(resources),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    showSupportNotice: false,
  });
  return instance;
}

/** Loads a part of the current language's strings once (the signed-in area calls it for 'app'). */
export async function ensureBundlePart(instance: I18nInstance, part: BundlePart): Promise<void> {
  const state = states.get(instance);
  if (!state || state.parts.has(part)) return;
  addBundle(instance, currentLanguage(instance), await state.load(currentLanguage(instance), part));
  state.parts.add(part);
}

export function isBundlePartLoaded(instance: I18nInstance, part: BundlePart): boolean {
  return states.get(instance)?.parts.has(part) ?? true;
}

/**
 * Downloads the parts of the language already in use, then switches to it. The language in use is not
 * switched to again: i18next would announce it, and every translated component would render again.
 */
export async function switchLanguage(instance: I18nInstance, language: Language): Promise<void> {
  if (instance.language === language) return;
  const state = states.get(instance);
  if (state && !instance.hasResourceBundle(language, 'common')) {
    const bundles = await Promise.all([...state.parts].map((part) => state.load(language, part)));
    for (const bundle of bundles) addBundle(instance, language, bundle);
  }
  await instance.changeLanguage(language);
}

/** True once the part is loaded; loads it on first use. */
export function useBundlePart(instance: I18nInstance, part: BundlePart): boolean {
  const [ready, setReady] = useState(() => isBundlePartLoaded(instance, part));
  useEffect(() => {
    if (ready) return;
    let cancelled = false;
    void ensureBundlePart(instance, part).then(() => {
      if (!cancelled) setReady(true);
    });
    return () => {
      cancelled = true;
    };
  }, [instance, part, ready]);
  return ready;
}
