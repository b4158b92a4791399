import { defaultDarkModeOverride, type Theme } from '@aws-amplify/ui-react';
import { APP_THEME_NAME } from './theme-name';

/**
 * The Amplify UI theme of both colour modes. Brand colours are a calm teal (reason over hype) with
 * the gold of the logo as accent; the dark override is Amplify's, tuned for AA contrast.
 *
 * Both sites turn it into CSS at build time (`virtual:amplify-theme.css`, ../build/build-time-module.ts)
 * and scope it with ThemeScope (./theme-scope): Amplify's ThemeProvider would build it again on every
 * start (a long task) and inject it as a <style> element, which the cloud CSP (style-src 'self') blocks.
 */
export const appThemeDefinition = {
  name: APP_THEME_NAME,
  tokens: {
    colors: {
      brand: {
        primary: {
          10: '#e6f6f4',
          20: '#c2ebe6',
          40: '#6fcfc3',
          60: '#1f9e8f',
          80: '#0b6e63',
          90: '#075a51',
          100: '#04433c',
        },
      },
    },
    components: {
      // A warning (red) button's text in the error font colour of each mode: Amplify's red.60 read at
      // 3.37:1 on the dark background (issue 46, the transactions' Delete buttons; WCAG AA asks 4.5:1).
      button: { warning: { color: { value: '{colors.font.error}' } } },
    },
    fonts: {
      default: {
        variable: { value: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
        static: { value: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
      },
    },
  },
  overrides: [defaultDarkModeOverride],
} satisfies Theme;
