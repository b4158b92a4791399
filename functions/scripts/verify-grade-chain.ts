/**
 * `npx tsx functions/scripts/verify-grade-chain.ts <chain.json>`: recomputes every link of a grade
 * chain (engine/grade-chain.ts), a JSON array of entries oldest first, and prints the head hash or
 * the first break (exit 1). The chain is not yet written by the score history; this checks a file.
 */
import { readFileSync } from 'node:fs';
import { verifyChain, type ChainEntry } from '../src/engine/grade-chain';

const file = process.argv[2];
if (!file) {
  console.error('usage: verify-grade-chain.ts <chain.json>');
  process.exit(2);
}
const entries = JSON.parse(readFileSync(file, 'utf8')) as ChainEntry[];
const check = verifyChain(entries);
if (check.ok) {
  console.log(`Chain of ${entries.length} entries verified; head ${check.head}`);
} else {
  console.error(`Chain broken at ${check.date}: ${check.reason}`);
  process.exit(1);
}
