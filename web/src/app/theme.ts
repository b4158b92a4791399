import { createTheme, defaultDarkModeOverride } from '@aws-amplify/ui-react';

/**
 * The Amplify UI theme of both colour modes. Brand colours are a calm teal (reason over hype) with
 * the gold of the logo as accent; the dark override is Amplify's, tuned for AA contrast.
 */
export const appTheme = createTheme({
  name: 'nugget',
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
    fonts: {
      default: {
        variable: { value: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
        static: { value: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
      },
    },
  },
  overrides: [defaultDarkModeOverride],
});
