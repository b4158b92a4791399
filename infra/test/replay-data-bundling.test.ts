import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadReplayUniverseFromFile } from '@app/functions/market-data/providers/replay/replay-universe';
import {
  REPLAY_DATA_FILE_IN_LAMBDA,
  REPOSITORY_ROOT,
  replayDataCommands,
} from '../lib/constructs/app-function';
import { buildTestApp } from './support/build-test-app';

type FunctionResource = {
  Properties: { Description: string; Environment: { Variables: Record<string, string> } };
};

/**
 * A Lambda bundle carries no node_modules, so the data packages the local stack reads are not there:
 * the functions that read historical data get it as a file written after bundling.
 */
describe('replay data shipped with the functions that read it', () => {
  const outputDir = mkdtempSync(join(tmpdir(), 'nugget-bundle-'));
  afterAll(() => rmSync(outputDir, { recursive: true, force: true }));

  let functions: FunctionResource[];
  beforeAll(() => {
    const { stacks } = buildTestApp({ placeholderCode: 'true' });
    functions = [stacks.api, stacks.jobs].flatMap(
      (stack) =>
        Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function')) as FunctionResource[],
    );
  });

  it('points exactly the market and portfolio areas, the price poll, the content job, the ledger migration and the ingestion planner and worker (replay is a provider) at the shipped file', () => {
    const readers = functions
      .filter((fn) => fn.Properties.Environment.Variables.REPLAY_DATA_FILE === REPLAY_DATA_FILE_IN_LAMBDA)
      .map((fn) => fn.Properties.Description)
      .sort();
    expect(readers).toEqual([
      'Nugget dev: fetches market data from the providers into the market table',
      'Nugget dev: generates the social posts of the day for review',
      'Nugget dev: moves the holdings from before the ledger into it (run by hand, safe to re-run)',
      'Nugget dev: plans the market data to fetch and sends it to the ingestion queues',
      'Nugget dev: polls prices, records feed health, raises alerts and queues recommendations',
      'Nugget dev: the market area of the API',
      'Nugget dev: the portfolio area of the API',
    ]);
  });

  it('writes, in the bundle directory, a file the functions load: series, reports and the search snapshot', () => {
    for (const command of replayDataCommands('series-and-snapshot', REPOSITORY_ROOT, outputDir)) {
      execSync(command, { stdio: 'pipe' });
    }
    const universe = loadReplayUniverseFromFile(join(outputDir, 'replay-universe.json'));
    // The clock's series only: the US stocks and ETFs are read from the market table, which the
    // replay loader fills (functions/src/market-data/README.md "The replay provider"), never bundled.
    expect(universe.series.map((series) => series.id)).toEqual(
      expect.arrayContaining(['^GSPC', 'BTC-USD', 'EURUSD=X']),
    );
    expect(universe.series.map((series) => series.id)).not.toContain('AAPL');
    expect(universe.fundamentalsBySymbol.get('AAPL')?.length).toBeGreaterThan(0);
    expect(universe.snapshotBySymbol.size).toBeGreaterThan(10_000);
  }, 60_000);
});
