/**
 * The investor site's modules computed at build time (see buildTimeModule). Used by vite.config.ts.
 */
import type * as MarketingPlansCatalogue from '@app/shared/domain/catalogue/marketing-plans';
import { runnerImport } from 'vite';
import { buildTimeModule } from '../src/kit/build/build-time-module';

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
