import { createTheme } from '@aws-amplify/ui-react';
import type { Plugin } from 'vite';
import { appThemeDefinition } from '../theme/theme';

/**
 * A module `id` whose code `source()` returns, computed once per build (or dev server start) rather
 * than in the browser on every start, each a long task the visitor would otherwise wait through.
 */
export function buildTimeModule(name: string, id: string, source: () => string | Promise<string>): Plugin {
  const resolved = `\0${id}`;
  let code: Promise<string> | undefined;
  return {
    name,
    resolveId: (requested) => (requested === id ? resolved : undefined),
    load: (requested) => (requested === resolved ? (code ??= Promise.resolve(source())) : undefined),
  };
}

/**
 * The theme's CSS (../theme/theme.ts): its own block keeps only the declarations that differ from
 * Amplify's default theme, which `@aws-amplify/ui-react/styles.css` already declares for every theme
 * (about 10 of 1,600 lines); the colour-mode overrides follow whole.
 */
export function themeCss(): string {
  const ownBlock = (css: string) => css.slice(0, css.indexOf('\n}\n'));
  const themed = createTheme(appThemeDefinition).cssText;
  const defaults = new Set(ownBlock(createTheme({ name: appThemeDefinition.name }).cssText).split('\n'));
  const [selector = '', ...declarations] = ownBlock(themed).split('\n');
  const changed = declarations.filter((line) => !defaults.has(line));
  return [selector, ...changed, themed.slice(ownBlock(themed).length + 1)].join('\n');
}

/** `import 'virtual:amplify-theme.css'`: both sites' theme as a stylesheet (no <style> injected: CSP). */
export const amplifyThemeCss = () =>
  buildTimeModule('amplify-theme-css', 'virtual:amplify-theme.css', themeCss);
