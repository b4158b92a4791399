/**
 * Verifies the live grade chain (engine/README.md "Grade chain"):
 *
 * - `npm run verify-grade-chain -- --dynamodb http://localhost:8000 [--table nugget-local-market]`
 *   reads the chain and the score history from the market table (the cloud's: `--region` and the
 *   table name, with the usual AWS credentials), recomputes every link and each entry's grades, and
 *   compares them with the score history as stored now;
 * - `npm run verify-grade-chain -- --file chain.json` checks a chain saved as a JSON array (oldest first).
 *
 * Prints the head hash (compare it with the one the public Track record page shows) or the first
 * break, with exit code 1.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createGradeChainRepository } from '../src/data/grade-chain-repository';
import { createScoreHistoryRepository } from '../src/data/score-history-repository';
import { verifyChain, type ChainCheck, type ChainEntry } from '../src/engine/grade-chain';
import { verifyStoredChain } from '../src/jobs/price-poll-grade-chain';
import { createDocumentClient } from '../src/platform/dynamo-client';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    file: { type: 'string' },
    dynamodb: { type: 'string' },
    region: { type: 'string', default: 'us-east-1' },
    table: { type: 'string', default: 'nugget-local-market' },
  },
});

async function check(): Promise<ChainCheck & { entries: number }> {
  if (values.file) {
    const entries = JSON.parse(readFileSync(values.file, 'utf8')) as ChainEntry[];
    return { ...verifyChain(entries), entries: entries.length };
  }
  if (values.dynamodb) {
    process.env.AWS_ACCESS_KEY_ID ??= 'local';
    process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  }
  const client = createDocumentClient({ AWS_REGION: values.region, DYNAMODB_ENDPOINT: values.dynamodb });
  return verifyStoredChain({
    gradeChain: createGradeChainRepository(client, values.table),
    scoreHistory: createScoreHistoryRepository(client, values.table),
  });
}

const result = await check();
if (result.ok) {
  console.log(`Chain of ${result.entries} entries verified; head ${result.head}`);
} else {
  console.error(`Chain broken at ${result.date}: ${result.reason}`);
  process.exit(1);
}
