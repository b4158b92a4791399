import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { LAMBDA_BUNDLING, REPOSITORY_ROOT } from '../../lib/constructs/app-function';

/** One build per entry and worker: several test files read the same functions' graphs. */
const builds = new Map<string, Promise<esbuild.Metafile>>();

function metafileOf(entry: string): Promise<esbuild.Metafile> {
  if (!builds.has(entry)) builds.set(entry, build(entry));
  return builds.get(entry) as Promise<esbuild.Metafile>;
}

/** The repository-relative source files esbuild bundles for one function, with the CDK's own options. */
export async function bundledInputsOf(entry: string): Promise<string[]> {
  const output = Object.values((await metafileOf(entry)).outputs).find((candidate) => candidate.entryPoint);
  return Object.keys(output?.inputs ?? {});
}

/**
 * Every file esbuild read for one function: its whole module graph, including modules that tree
 * shaking left no byte of in the bundle (those are missing from bundledInputsOf).
 */
export async function moduleGraphOf(entry: string): Promise<string[]> {
  return Object.keys((await metafileOf(entry)).inputs);
}

async function build(entry: string): Promise<esbuild.Metafile> {
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
  return result.metafile;
}
