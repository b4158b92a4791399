import type { ReactNode } from 'react';
import { usePreferences } from '../preferences/preferences';
import { APP_THEME_NAME } from './theme-name';

/**
 * The element Amplify's ThemeProvider renders, without the provider: the theme's CSS comes with the
 * stylesheet (`virtual:amplify-theme.css`, see ./theme). The primitives read CSS variable names and
 * breakpoints from Amplify's theme context, and its default theme has the same ones (ours changes
 * values only). Both sites use it.
 */
export function ThemeScope({ children }: { children: ReactNode }) {
  const { theme } = usePreferences();
  return (
    <div data-amplify-theme={APP_THEME_NAME} data-amplify-color-mode={theme} dir="ltr">
      {children}
    </div>
  );
}
