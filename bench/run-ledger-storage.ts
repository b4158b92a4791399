/**
 * `npm run bench:ledger-storage`: the ledger storage part of section 7 of `npm run bench` alone
 * (bench/ledger-storage.ts), printed instead of written to results.md (which the full run owns).
 */
import './quiet-env';
import { runOnBenchStack } from './bench-stack';
import { ledgerStorageLines, runLedgerStorageBench } from './ledger-storage';
import { progress } from './report-format';
import { QUICK } from './run-options';

runOnBenchStack('nugget-bench-ledger-storage-', async (stack) => {
  progress('ledger storage: a 10,000-row import, adds at 100 and 10,000 rows, reads at 10,000 rows');
  const result = await runLedgerStorageBench(stack, { requests: QUICK ? 10 : 50, adds: QUICK ? 3 : 10 });
  console.log(ledgerStorageLines(result).join('\n'));
});
