import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No request path may Scan a table: every access pattern is served by a key or an index (infra/README.md),
 * a Scan reads (and bills) the whole table. This fails on any Scan in the functions' source; the IAM
 * grants leave Scan out too (infra/lib/table-access.ts), and `npm run bench` checks the per-request
 * Scan counter of the cost records after exercising every route (bench/results.md, section 3).
 * One exception, outside every request path: the one-time ledger migration job lists the holders
 * with a Scan (data/holding-owners.ts, infra/README.md "Ledger migration job"); no route reaches it.
 */

/** The Scan of the ledger migration job, and the one entry point allowed to import it. */
const MIGRATION_SCAN = 'data/holding-owners.ts';
const MIGRATION_ENTRY = 'portfolio/ledger-migration-job.ts';

const SOURCE_ROOT = fileURLToPath(new URL('..', import.meta.url));
const REPOSITORY_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** A Scan command, its paginator, or the low-level operation name, in code (not in a comparison). */
const SCAN_USES = [
  /\bnew\s+Scan(?:Command)?\s*\(/,
  /\bpaginateScan\b/,
  /import\s*(?:type\s*)?\{[^}]*\bScan(?:Command)?\b[^}]*\}\s*from\s*['"]@aws-sdk\//,
  /\.scan\s*\(/,
];

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('no Scan in any request path', () => {
  it('finds no Scan command, paginator or scan call in the functions source', () => {
    const files = sourceFiles(SOURCE_ROOT).filter((file) => relative(SOURCE_ROOT, file) !== MIGRATION_SCAN);
    const offenders = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return SCAN_USES.filter((pattern) => pattern.test(text)).map(
        (pattern) => `${relative(SOURCE_ROOT, file)} matches ${pattern}`,
      );
    });
    expect(offenders).toEqual([]);
  });

  it('lets only the migration job import the migration Scan', () => {
    const importers = sourceFiles(SOURCE_ROOT).filter((file) =>
      /from\s+['"][./]*(?:data\/)?holding-owners['"]/.test(readFileSync(file, 'utf8')),
    );
    expect(importers.map((file) => relative(SOURCE_ROOT, file))).toEqual([MIGRATION_ENTRY]);
  });

  it('the pattern catches a Scan written either way (guards the guard)', () => {
    const samples = [
      "import { ScanCommand } from '@aws-sdk/lib-dynamodb';",
      'await client.send(new ScanCommand({ TableName }));',
      'for await (const page of paginateScan({ client }, { TableName })) {}',
    ];
    for (const sample of samples) expect(SCAN_USES.some((pattern) => pattern.test(sample))).toBe(true);
    expect(SCAN_USES.some((pattern) => pattern.test("if (commandName === 'ScanCommand') count();"))).toBe(
      false,
    );
  });

  it('grants dynamodb:Scan to no function but the ledger migration', () => {
    const grants = readFileSync(join(REPOSITORY_ROOT, 'infra/lib/table-access.ts'), 'utf8');
    const lines = grants.split('\n').filter((line) => /['"]dynamodb:Scan['"]/.test(line));
    expect(lines).toEqual(["export const LEDGER_MIGRATION_SCAN_ACTION = 'dynamodb:Scan';"]);
  });
});
