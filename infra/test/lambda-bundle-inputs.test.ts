import { beforeAll, describe, expect, it } from 'vitest';
import { AppFunction } from '../lib/constructs/app-function';
import { moduleGraphOf } from './support/bundle-graph';
import { buildTestApp } from './support/build-test-app';

/*
 * Test scaffolding stays out of the product (docs/testing.md, "Test scaffolding"): every Lambda of
 * the app is bundled with the CDK's own esbuild options, and no file of its module graph (the
 * metafile's inputs, also those tree shaking left out of the output) may be ours and lie under a `testing/` folder or be named like a fixture, a
 * harness, a test or its support. The lint rule and `npm run cycles` refuse such an import in the
 * source; this checks what would ship.
 */
const SCAFFOLDING = /(^|\/)testing\/|fixture|harness|\.test\.|test-support/i;

function scaffoldingIn(paths: string[]): string[] {
  return paths.filter((path) => !path.startsWith('node_modules/') && SCAFFOLDING.test(path));
}

describe('what the Lambda bundles hold', () => {
  const inputs = new Map<string, string[]>();
  beforeAll(async () => {
    const { app } = buildTestApp({ placeholderCode: 'true' });
    const entries = app.node
      .findAll()
      .filter((node): node is AppFunction => node instanceof AppFunction)
      .map((fn) => fn.entry);
    for (const entry of new Set(entries)) inputs.set(entry, await moduleGraphOf(entry));
  }, 180_000);

  it('covers every function: the six areas, the jobs, the mail and ingestion workers, the ledger migration', () => {
    // The files of functions/src that export `handler`: 6 area handlers, 9 jobs, the ledger migration.
    expect(inputs.size).toBeGreaterThanOrEqual(16);
  });

  it('holds no test scaffolding in any bundle', () => {
    const found = [...inputs].flatMap(([entry, paths]) =>
      scaffoldingIn(paths).map((path) => `${entry} bundles ${path}`),
    );
    expect(found).toEqual([]);
  });

  it('would see scaffolding if a module imported it (a fixture of the price poll, bundled the same way)', async () => {
    const paths = await moduleGraphOf('functions/src/testing/replay-poll-fixture.ts');
    expect(scaffoldingIn(paths)).toEqual(
      expect.arrayContaining([
        'functions/src/testing/replay-poll-fixture.ts',
        'functions/src/testing/in-memory-market-store.ts',
      ]),
    );
  });
});
