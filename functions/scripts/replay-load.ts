import { runReplayLoad } from '../src/jobs/replay-load';

/*
 * Stores the replay data in a market table, both phases (functions/src/market-data/README.md "The
 * replay provider"): how a cloud stage in replay mode gets its prices, once, without bundling the data
 * into a Lambda. The table and region come from the environment, as for the functions
 * (TABLE_MARKET, AWS_REGION; DYNAMODB_ENDPOINT for a local table), e.g.
 *   TABLE_MARKET=nugget-dev-market npm run replay:load
 */
for (const phase of ['clock', 'history'] as const) {
  const result = await runReplayLoad(phase);
  console.log(
    result.stored
      ? `${phase}: ${result.series} series, ${result.years} year items stored in ${(result.durationMs / 1000).toFixed(1)} s`
      : `${phase}: already stored with the same data (${result.series} series)`,
  );
}
