import { ThemeProvider } from '@aws-amplify/ui-react';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LanguageCycleButton, ThemeToggleButton } from '../ui/preference-controls';
import { renderWithProviders } from '../test/render';
import {
  LANGUAGE_STORAGE_KEY,
  THEME_STORAGE_KEY,
  nextLanguage,
  readStoredLanguage,
  readStoredTheme,
  usePreferences,
} from './preferences';

function ThemedProbe() {
  const { theme, language } = usePreferences();
  return (
    <ThemeProvider colorMode={theme}>
      <span data-testid="state">{`${language}/${theme}`}</span>
      <LanguageCycleButton />
      <ThemeToggleButton />
    </ThemeProvider>
  );
}

describe('stored preferences', () => {
  it('defaults to English and the dark theme', () => {
    expect(readStoredLanguage()).toBe('en');
    expect(readStoredTheme()).toBe('dark');
  });

  it('accepts only en, fr, es and light, dark', () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    window.localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    expect([readStoredLanguage(), readStoredTheme()]).toEqual(['en', 'dark']);

    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'es');
    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    expect([readStoredLanguage(), readStoredTheme()]).toEqual(['es', 'light']);
  });

  it('cycles en, fr, es, en', () => {
    expect([nextLanguage('en'), nextLanguage('fr'), nextLanguage('es')]).toEqual(['fr', 'es', 'en']);
  });
});

describe('language and theme controls', () => {
  it('cycles the language, changes the text and remembers the choice', async () => {
    await renderWithProviders(<ThemedProbe />);
    const button = screen.getByTestId('language-cycle');

    await act(async () => fireEvent.click(button));
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
    expect(screen.getByTestId('theme-toggle').getAttribute('aria-label')).toBe('Passer au thème clair');

    await act(async () => fireEvent.click(button));
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');
    expect(document.documentElement.lang).toBe('es');

    await act(async () => fireEvent.click(button));
    expect(screen.getByTestId('state').textContent).toBe('en/dark');
  });

  it('toggles the theme, applies the colour mode and remembers it', async () => {
    await renderWithProviders(<ThemedProbe />);

    fireEvent.click(screen.getByTestId('theme-toggle'));

    expect(screen.getByTestId('state').textContent).toBe('en/light');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(document.querySelector('[data-amplify-color-mode]')?.getAttribute('data-amplify-color-mode')).toBe(
      'light',
    );
    expect(screen.getByTestId('theme-toggle').getAttribute('aria-label')).toBe('Switch to dark theme');
  });

  it('starts from the stored choices', async () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');

    await renderWithProviders(<ThemedProbe />, { language: 'fr' });

    expect(screen.getByTestId('state').textContent).toBe('fr/light');
  });
});
