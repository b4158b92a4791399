/**
 * Runs the ledger migration job (functions/src/portfolio/ledger-migration-job.ts) against a table:
 *
 * - `npm run migrate:ledger` migrates the local stack's holdings (`npm start`'s DynamoDB Local on
 *   http://localhost:8000, table nugget-local-holdings);
 * - `npm run migrate:ledger -- --dynamodb <url> --holdings <table> --market <table>` another one.
 *
 * In the cloud, invoke the stage's function instead (infra/README.md "Ledger migration job"). Safe to
 * run again: a user who already has a ledger is skipped. Prints the run's counts.
 */
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    dynamodb: { type: 'string', default: 'http://localhost:8000' },
    holdings: { type: 'string', default: 'nugget-local-holdings' },
    market: { type: 'string', default: 'nugget-local-market' },
  },
});

process.env.AWS_ACCESS_KEY_ID ??= 'local';
process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
process.env.DYNAMODB_ENDPOINT = values.dynamodb;
process.env.TABLE_HOLDINGS = values.holdings;
process.env.TABLE_MARKET = values.market;

// Imported once the environment names the tables (the config is read on first use).
const { handler } = await import('../src/portfolio/ledger-migration-job');
console.log(JSON.stringify(await handler(), null, 2));
