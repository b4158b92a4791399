import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { LAMBDA_BUNDLING, REPOSITORY_ROOT } from '../../lib/constructs/app-function';

/** The repository-relative source files esbuild bundles for one function, with the CDK's own options. */
export async function bundledInputsOf(entry: string): Promise<string[]> {
  const result = await esbuild.build({
    entryPoints: [join(REPOSITORY_ROOT, entry)],
    absWorkingDir: REPOSITORY_ROOT,
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    target: LAMBDA_BUNDLING.target,
    outdir: 'out',
    external: [...LAMBDA_BUNDLING.externalModules],
    mainFields: [...LAMBDA_BUNDLING.mainFields],
    tsconfig: LAMBDA_BUNDLING.tsconfig,
    logLevel: 'silent',
  });
  const output = Object.values(result.metafile.outputs).find((candidate) => candidate.entryPoint);
  return Object.keys(output?.inputs ?? {});
}
