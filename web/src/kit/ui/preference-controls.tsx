import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { nextLanguage, usePreferences } from '../preferences/preferences';
import { GlobeIcon, MoonIcon, SunIcon } from './icons';
import './preference-controls.css';

/** Cycles en -> fr -> es -> en; shows the current language code. */
export function LanguageCycleButton() {
  const { t } = useTranslation(['nav', 'common']);
  const { language, cycleLanguage } = usePreferences();
  const upcoming = nextLanguage(language);
  return (
    <Button
      size="small"
      variation="link"
      className="app-icon-button"
      onClick={() => void cycleLanguage()}
      // The accessible name starts with the visible code (WCAG 2.5.3, label in name).
      aria-label={`${language.toUpperCase()} – ${t('nav:language.cycle', { language: t(`common:languageEndonyms.${language}`) })}. ${t('nav:language.switchTo', { language: t(`common:languageEndonyms.${upcoming}`) })}`}
      title={t('nav:language.switchTo', { language: t(`common:languageEndonyms.${upcoming}`) })}
      data-testid="language-cycle"
    >
      <GlobeIcon size={18} />
      <span className="app-icon-button__text">{language.toUpperCase()}</span>
    </Button>
  );
}

export function ThemeToggleButton() {
  const { t } = useTranslation('nav');
  const { theme, toggleTheme } = usePreferences();
  const label = theme === 'dark' ? t('theme.toLight') : t('theme.toDark');
  return (
    <Button
      size="small"
      variation="link"
      className="app-icon-button"
      onClick={toggleTheme}
      aria-label={label}
      title={label}
      data-testid="theme-toggle"
    >
      {theme === 'dark' ? <SunIcon size={18} /> : <MoonIcon size={18} />}
    </Button>
  );
}
