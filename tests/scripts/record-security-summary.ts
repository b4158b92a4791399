import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { readmeSummaryBlock, tableRowsOf } from '../security/summary-table';

/*
 * `npm run security:record`: commits the figures of the last security run. A run (`npm test` or
 * `npm run test:security`) writes its summary to the ignored tests/.results/; this copies it to
 * tests/security/summary.md and its table into the README, so both quote the same run. A test
 * (tests/security/summary-drift.test.ts) fails when they disagree.
 */

const RUN_SUMMARY = fileURLToPath(new URL('../.results/security-summary.md', import.meta.url));
const COMMITTED_SUMMARY = fileURLToPath(new URL('../security/summary.md', import.meta.url));
const README = fileURLToPath(new URL('../../README.md', import.meta.url));

if (!existsSync(RUN_SUMMARY)) {
  console.error('No security run to record: run `npm run test:security` (or `npm test`) first.');
  process.exit(1);
}
const summary = readFileSync(RUN_SUMMARY, 'utf8');
writeFileSync(COMMITTED_SUMMARY, summary);

const table = tableRowsOf(summary).map((cells) => `| ${cells.join(' | ')} |`);
const [header, ...rows] = table;
if (!header) throw new Error(`${RUN_SUMMARY} holds no table`);
const separator = `|${header
  .split('|')
  .slice(1, -1)
  .map(() => '---')
  .join('|')}|`;
const { before, after } = readmeSummaryBlock(readFileSync(README, 'utf8'));
const readme = `${before}\n\n${[header, separator, ...rows].map((line) => `  ${line}`).join('\n')}\n\n  ${after}`;
const formatted = await format(readme, { ...((await resolveConfig(README)) ?? {}), filepath: README });
writeFileSync(README, formatted);
console.log('Recorded the last security run in tests/security/summary.md and README.md.');
