import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readmeSummaryBlock, tableRowsOf } from './summary-table';

/*
 * The README quotes the committed security summary, not a number someone typed: both tables must be
 * equal cell for cell. After a new run, `npm run security:record` updates both.
 */
describe('the security summary quoted in the README', () => {
  it('equals the committed tests/security/summary.md', () => {
    const committed = tableRowsOf(readFileSync(new URL('./summary.md', import.meta.url), 'utf8'));
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const quoted = tableRowsOf(readmeSummaryBlock(readme).block);
    expect(committed.length).toBeGreaterThan(2);
    expect(quoted).toEqual(committed);
  });
});
