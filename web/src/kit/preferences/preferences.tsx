import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { i18n as I18nInstance } from 'i18next';
import { switchLanguage } from '../i18n/i18n-core';
import type { Language, Theme } from '@app/shared/domain/enums';
import { SUPPORTED_LANGUAGES } from '../i18n/i18n-core';

export const SUPPORTED_THEMES: readonly Theme[] = ['light', 'dark'];

/** Only en, fr and es are accepted (docs/product.md "Business rules and limits"). */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** Only light and dark are accepted (docs/product.md "Business rules and limits"). */
export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (SUPPORTED_THEMES as readonly string[]).includes(value);
}

/** Browser storage keys (docs/product.md "Business rules and limits", the sites' timing). */
export const LANGUAGE_STORAGE_KEY = 'language';
export const THEME_STORAGE_KEY = 'theme';
export const DEFAULT_LANGUAGE: Language = 'en';
export const DEFAULT_THEME: Theme = 'dark';

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be disabled (privacy modes); the defaults apply.
    return null;
  }
}

function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not remembered, but the choice still applies to this page.
  }
}

/** The stored language when it is one of en, fr, es; anything else falls back to English. */
export function readStoredLanguage(): Language {
  const stored = readStorage(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/** The stored theme when it is light or dark; anything else falls back to dark. */
export function readStoredTheme(): Theme {
  const stored = readStorage(THEME_STORAGE_KEY);
  return isTheme(stored) ? stored : DEFAULT_THEME;
}

/**
 * Which preferences the visitor chose in this browser (the header's buttons or settings remember
 * them), as opposed to the defaults: a choice survives sign-in and sign-up.
 */
export function storedChoices(): { language: Language | null; theme: Theme | null } {
  const language = readStorage(LANGUAGE_STORAGE_KEY);
  const theme = readStorage(THEME_STORAGE_KEY);
  return { language: isLanguage(language) ? language : null, theme: isTheme(theme) ? theme : null };
}

/** en -> fr -> es -> en. */
export function nextLanguage(current: Language): Language {
  const index = SUPPORTED_LANGUAGES.indexOf(current);
  return SUPPORTED_LANGUAGES[(index + 1) % SUPPORTED_LANGUAGES.length] ?? DEFAULT_LANGUAGE;
}

export function otherTheme(current: Theme): Theme {
  return current === 'dark' ? 'light' : 'dark';
}

interface PreferencesValue {
  language: Language;
  theme: Theme;
  /** Loads the language's strings, switches to it and remembers it. Invalid values are ignored. */
  setLanguage: (language: string) => Promise<void>;
  cycleLanguage: () => Promise<void>;
  setTheme: (theme: string) => void;
  toggleTheme: () => void;
}

const PreferencesContext = createContext<PreferencesValue | null>(null);

interface PreferencesProviderProps {
  i18n: I18nInstance;
  initialTheme?: Theme;
  children: ReactNode;
}

export function PreferencesProvider({ i18n, initialTheme, children }: PreferencesProviderProps) {
  const [language, setLanguageState] = useState<Language>(() =>
    isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE,
  );
  const [theme, setThemeState] = useState<Theme>(() => initialTheme ?? readStoredTheme());

  // Written only when different: a prerendered page arrives with them set, and a write restyles the page.
  useEffect(() => {
    if (document.documentElement.lang !== language) document.documentElement.lang = language;
  }, [language]);

  // The kit's global.css derives the background and color-scheme from it.
  useEffect(() => {
    if (document.documentElement.dataset.theme !== theme) document.documentElement.dataset.theme = theme;
  }, [theme]);

  const setLanguage = useCallback(
    async (value: string) => {
      if (!isLanguage(value)) return;
      await switchLanguage(i18n, value);
      writeStorage(LANGUAGE_STORAGE_KEY, value);
      setLanguageState(value);
    },
    [i18n],
  );

  const setTheme = useCallback((value: string) => {
    if (!isTheme(value)) return;
    writeStorage(THEME_STORAGE_KEY, value);
    setThemeState(value);
  }, []);

  const value = useMemo<PreferencesValue>(
    () => ({
      language,
      theme,
      setLanguage,
      cycleLanguage: () => setLanguage(nextLanguage(language)),
      setTheme,
      toggleTheme: () => setTheme(otherTheme(theme)),
    }),
    [language, theme, setLanguage, setTheme],
  );

  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

/**
 * Language and theme; using it outside its provider is an error (docs/product.md "Errors and empty results").
 */
export function usePreferences(): PreferencesValue {
  const value = useContext(PreferencesContext);
  if (!value) throw new Error('usePreferences must be used within a PreferencesProvider');
  return value;
}
