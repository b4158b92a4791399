import { afterEach, describe, expect, it } from 'vitest';
import {
  LANGUAGE_STORAGE_KEY,
  readStoredLanguage,
  readStoredTheme,
  THEME_STORAGE_KEY,
} from '@/kit/preferences/preferences';
import { checkPrerenderedPage, discardPrerenderedMarkup, PRERENDER_CHECK } from './prerendered-page';

const html = document.documentElement;

/** The document of a page prerendered for `path`, opened at `location`. */
function openPrerenderedPage(path: string, location = path): void {
  html.setAttribute('data-prerendered', path);
  window.history.replaceState(null, '', location);
}

/** The same check as the blocking script scripts/prerender.ts writes: this function's own source. */
function runSerialisedCheck(): boolean {
  const source = `return (${checkPrerenderedPage.toString()})(${JSON.stringify(PRERENDER_CHECK)});`;
  return new Function(source)() as boolean;
}

afterEach(() => {
  html.removeAttribute('data-prerendered');
  html.removeAttribute('data-prerender-stale');
  window.history.replaceState(null, '', '/');
});

describe('checkPrerenderedPage', () => {
  it('hydrates a first visit (no stored choice) at the prerendered path, with or without a trailing slash', () => {
    openPrerenderedPage('/pricing', '/pricing/');

    expect(checkPrerenderedPage(PRERENDER_CHECK)).toBe(true);
    expect(html.hasAttribute('data-prerender-stale')).toBe(false);
  });

  it('is false without prerendered markup (the app shell) and marks nothing', () => {
    window.history.replaceState(null, '', '/dashboard');

    expect(checkPrerenderedPage(PRERENDER_CHECK)).toBe(false);
    expect(html.hasAttribute('data-prerender-stale')).toBe(false);
  });

  it('marks the page stale at another path (a prerendered file reached by its own name)', () => {
    openPrerenderedPage('/', '/index.html');

    expect(checkPrerenderedPage(PRERENDER_CHECK)).toBe(false);
    expect(html.hasAttribute('data-prerender-stale')).toBe(true);
  });

  it('marks the page stale for a visitor who chose another language', () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    openPrerenderedPage('/');

    expect(checkPrerenderedPage(PRERENDER_CHECK)).toBe(false);
    expect(html.hasAttribute('data-prerender-stale')).toBe(true);
  });

  it.each([
    [null, null],
    ['fr', null],
    ['es', 'dark'],
    ['en', 'light'],
    ['de', 'light'],
    ['de', 'blue'],
    ['en', 'dark'],
  ])('agrees with the stored preferences the app starts with (language %s, theme %s)', (language, theme) => {
    if (language) window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    if (theme) window.localStorage.setItem(THEME_STORAGE_KEY, theme);
    openPrerenderedPage('/');
    const sameAsPrerender = readStoredLanguage() === 'en' && readStoredTheme() === 'dark';

    expect(checkPrerenderedPage(PRERENDER_CHECK)).toBe(sameAsPrerender);
    html.removeAttribute('data-prerender-stale');
    expect(runSerialisedCheck()).toBe(sameAsPrerender);
    expect(html.hasAttribute('data-prerender-stale')).toBe(!sameAsPrerender);
  });
});

describe('discardPrerenderedMarkup', () => {
  it('empties the root and shows it again', () => {
    openPrerenderedPage('/');
    html.setAttribute('data-prerender-stale', '');
    const container = document.createElement('div');
    container.innerHTML = '<main>prerendered</main>';

    discardPrerenderedMarkup(container, PRERENDER_CHECK);

    expect(container.childNodes).toHaveLength(0);
    expect(html.hasAttribute('data-prerender-stale')).toBe(false);
    expect(html.hasAttribute('data-prerendered')).toBe(false);
  });
});
