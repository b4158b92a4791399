/**
 * Modules whose content is computed when the site is built rather than in the browser on every start,
 * each a long task the visitor would otherwise wait through. Used by vite.config.ts.
 */
import { createTheme } from '@aws-amplify/ui-react';
import type * as MarketingPlansCatalogue from '@app/shared/domain/catalogue/marketing-plans';
import { runnerImport, type Plugin } from 'vite';
import { appThemeDefinition } from '../src/app/theme';

/** A module `id` whose code `source()` returns, computed once per build (or dev server start). */
function buildTimeModule(name: string, id: string, source: () => string | Promise<string>): Plugin {
  const resolved = `\0${id}`;
  let code: Promise<string> | undefined;
  return {
    name,
    resolveId: (requested) => (requested === id ? resolved : undefined),
    load: (requested) => (requested === resolved ? (code ??= Promise.resolve(source())) : undefined),
  };
}

/**
 * The theme's CSS (src/app/theme.ts): its own block keeps only the declarations that differ from
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

export const amplifyThemeCss = () =>
  buildTimeModule('amplify-theme-css', 'virtual:amplify-theme.css', themeCss);

/**
 * The pricing page's plans as data. The shared catalogue module also defines their zod schemas, and
 * evaluating zod in the browser is the longest task of the pricing page's start; the data is constant.
 */
export const marketingPlans = () =>
  buildTimeModule('marketing-plans', 'virtual:marketing-plans', async () => {
    // Through Vite's module runner: the shared package is TypeScript that Node cannot load as is.
    const { module } = await runnerImport<typeof MarketingPlansCatalogue>(
      '@app/shared/domain/catalogue/marketing-plans',
      { configFile: false, logLevel: 'warn' },
    );
    return `export default ${JSON.stringify(module.listMarketingPlans())};`;
  });
