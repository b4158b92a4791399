import {
  DEFAULT_LANGUAGE,
  DEFAULT_THEME,
  LANGUAGE_STORAGE_KEY,
  SUPPORTED_THEMES,
  THEME_STORAGE_KEY,
} from '@/kit/preferences/preferences';
import { SUPPORTED_LANGUAGES } from '@/kit/i18n/i18n-core';
import './prerendered-page.css';

/**
 * What decides whether a prerendered page (scripts/prerender.ts) is what the app would render for this
 * visitor: it was rendered for one path, in the default language and theme, so a stored choice of
 * another language or theme, or another path, makes it stale.
 */
export interface PrerenderCheck {
  /** The <html> attribute holding the path the page was rendered for. */
  pathAttribute: string;
  /** The <html> attribute set on a stale page: ./prerendered-page.css hides its markup until the app renders. */
  staleAttribute: string;
  languageKey: string;
  themeKey: string;
  /** Stored values outside these fall back to the defaults, like readStoredLanguage and readStoredTheme. */
  languages: readonly string[];
  themes: readonly string[];
  defaultLanguage: string;
  defaultTheme: string;
}

export const PRERENDER_CHECK: PrerenderCheck = {
  pathAttribute: 'data-prerendered',
  staleAttribute: 'data-prerender-stale',
  languageKey: LANGUAGE_STORAGE_KEY,
  themeKey: THEME_STORAGE_KEY,
  languages: SUPPORTED_LANGUAGES,
  themes: SUPPORTED_THEMES,
  defaultLanguage: DEFAULT_LANGUAGE,
  defaultTheme: DEFAULT_THEME,
};

/**
 * True when the document holds prerendered markup the app would render identically here, so React can
 * hydrate it; otherwise marks the document stale and returns false.
 *
 * Runs twice: from a blocking script in the page's <head>, before the markup can paint (a visitor who
 * chose French must not see the English page flash), and from main.tsx to choose hydrate or render.
 * The script is this function's own source (scripts/prerender.ts serialises it with the check as its
 * argument), so it must stay self-contained: no imports, no module-level values, only browser globals.
 */
export function checkPrerenderedPage(check: PrerenderCheck): boolean {
  const html = document.documentElement;
  const renderedPath = html.getAttribute(check.pathAttribute);
  if (renderedPath === null) return false;
  const stored = (key: string, accepted: readonly string[], fallback: string): string => {
    try {
      const value = window.localStorage.getItem(key);
      return value !== null && accepted.includes(value) ? value : fallback;
    } catch {
      return fallback;
    }
  };
  const path = window.location.pathname.replace(/\/+$/, '') || '/';
  const current =
    path === renderedPath &&
    stored(check.languageKey, check.languages, check.defaultLanguage) === check.defaultLanguage &&
    stored(check.themeKey, check.themes, check.defaultTheme) === check.defaultTheme;
  if (!current) html.setAttribute(check.staleAttribute, '');
  return current;
}

/** Drops stale prerendered markup so the app renders into an empty root (what a page without it does). */
export function discardPrerenderedMarkup(container: HTMLElement, check: PrerenderCheck): void {
  container.replaceChildren();
  document.documentElement.removeAttribute(check.staleAttribute);
  document.documentElement.removeAttribute(check.pathAttribute);
}
