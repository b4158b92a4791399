import { describe, expect, it } from 'vitest';
import { SERVICE_AREAS, type ServiceArea } from '@app/shared/api';
import { JOB_NAMES } from '../lib/table-access';
import { bundledInputsOf } from './support/bundle-graph';

/*
 * Each area's Lambda builds the zod schemas of its own routes only: its handler imports
 * `@app/shared/api/areas/<area>`, never the whole contract (docs/architecture.md). Checked on the
 * module graph esbuild bundles with the CDK's own options: which route modules of shared/src/api
 * each function's bundle holds. The table below is written from the route files' `area:` fields
 * (auth's e-mailed codes live in routes-mail.ts; the portfolio area spreads the alert, instrument and
 * ledger routes into its own; the market area spreads the screener's and the track record's).
 */
const ROUTE_FILES_OF: Record<ServiceArea, string[]> = {
  public: ['routes-public.ts'],
  auth: ['routes-auth.ts', 'routes-mail.ts'],
  market: ['routes-explanations.ts', 'routes-market.ts', 'routes-screener.ts', 'routes-track-record.ts'],
  subscription: ['routes-subscription.ts'],
  portfolio: [
    'routes-alerts.ts',
    'routes-attribution.ts',
    'routes-instruments.ts',
    'routes-ledger-reports.ts',
    'routes-ledger.ts',
    'routes-portfolio.ts',
    'routes-watchlists.ts',
  ],
  admin: ['routes-admin.ts'],
};

async function contractModulesOf(entry: string): Promise<string[]> {
  return (await bundledInputsOf(entry))
    .filter((path) => path.startsWith('shared/src/api/') && !path.includes('/areas/'))
    .map((path) => path.slice('shared/src/api/'.length))
    .filter((file) => file.startsWith('routes-') || file === 'contract.ts')
    .sort();
}

describe('the contract each function bundles', () => {
  it.each(SERVICE_AREAS)('the %s area holds its own routes and no other area’s', async (area) => {
    expect(await contractModulesOf(`functions/src/${area}/handler.ts`)).toEqual(ROUTE_FILES_OF[area]);
  });

  it.each(JOB_NAMES)('the %s job holds no route at all', async (job) => {
    expect(await contractModulesOf(`functions/src/jobs/${job}.ts`)).toEqual([]);
  });

  it('the whole contract still holds every route file (the local adapter, OpenAPI and the sites use it)', async () => {
    const files = await contractModulesOf('shared/src/api/contract.ts');
    expect(files).toEqual(['contract.ts', ...Object.values(ROUTE_FILES_OF).flat()].sort());
  });
}, 60_000);
