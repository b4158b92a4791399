import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Every page of both sites imports the contract (the typed client is built from it), so whatever the
 * contract's schemas import lands in the signed-in shell. The ledger's computations (big.js, xirr)
 * and its file readers (papaparse, hashes) must stay out of it: the contract takes the ledger's
 * names and schemas from its vocabulary modules only (shared/src/domain/ledger/ledger-vocabulary.ts,
 * import/import-vocabulary.ts). Measured with esbuild's own module graph of the contract.
 */
const HEAVY_PACKAGES = ['papaparse', 'xirr', 'newton-raphson-method', 'big.js', '@noble/hashes'];

describe('the contract module graph', () => {
  it('pulls none of the ledger computations’ or readers’ libraries', async () => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL('./contract.ts', import.meta.url))],
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'browser',
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    const packagesIn = HEAVY_PACKAGES.filter((name) =>
      inputs.some((path) => path.includes(`node_modules/${name}/`)),
    );
    expect(inputs.some((path) => path.includes('node_modules/zod/'))).toBe(true);
    expect(packagesIn).toEqual([]);
  }, 30_000);
});
