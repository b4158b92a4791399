import { execSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { SERVICE_AREAS } from '@app/shared/api';
import { dataFileCommands, LAMBDA_BUNDLING, REPOSITORY_ROOT } from '../infra/lib/constructs/app-function';
import { JOB_NAMES } from '../infra/lib/table-access';
import { median, round } from './report-format';

/**
 * Section 1: every Lambda bundle as CDK builds it (the same esbuild options, imported from the CDK
 * construct), its size minified and gzipped, its biggest inputs (esbuild metafile), and its cold
 * initialisation: a fresh `node` process importing the bundle, as a ratio to importing an empty module.
 *
 * The bundles are written to a temporary directory whose only `node_modules` entry is `@aws-sdk` (a
 * link to the installed SDK), like the Lambda runtime, which ships the SDK and nothing else: whatever
 * a bundle reads from another package at run time is missing there, as it would be in the cloud.
 */

export interface BundleInput {
  path: string;
  bytes: number;
}

export interface BundleFigures {
  name: string;
  kind: 'area' | 'job';
  entry: string;
  directory: string;
  file: string;
  minified_bytes: number;
  gzipped_bytes: number;
  sourcemap_bytes: number;
  top_inputs: BundleInput[];
  /** Bytes per package (node_modules) or source folder. */
  by_group: BundleInput[];
  /** The `@aws-sdk/*` packages the bundle imports at load (static imports; the runtime provides them). */
  sdk_packages: string[];
  init_ms_median: number;
  init_ratio: number;
  /** Importing only this bundle's `sdk_packages` (a module of its own, measured like the bundle). */
  sdk_clients_ms_median: number;
  /** The same ratio once this bundle's SDK clients are taken out: (bundle - its SDK clients + empty) / empty. */
  init_ratio_without_sdk: number;
  heap_after_import_bytes: number;
  rss_after_import_bytes: number;
}

export interface ArtefactFigures {
  directory: string;
  empty_module_ms_median: number;
  /** A module importing only the SDK clients every area imports (client-dynamodb, lib-dynamodb). */
  sdk_only_ms_median: number;
  runs: number;
  bundles: BundleFigures[];
}

/** What the NodejsFunction options mean to esbuild (aws-lambda-nodejs/lib/bundling.js, same flags). */
function esbuildOptionsOf(entry: string, outfile: string): esbuild.BuildOptions {
  return {
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: LAMBDA_BUNDLING.format === 'esm' ? 'esm' : 'cjs',
    target: LAMBDA_BUNDLING.target,
    outfile,
    minify: LAMBDA_BUNDLING.minify,
    sourcemap: LAMBDA_BUNDLING.sourceMap,
    sourcesContent: LAMBDA_BUNDLING.sourcesContent,
    external: [...LAMBDA_BUNDLING.externalModules],
    tsconfig: LAMBDA_BUNDLING.tsconfig,
    banner: { js: LAMBDA_BUNDLING.banner },
    mainFields: [...LAMBDA_BUNDLING.mainFields],
    metafile: true,
    logLevel: 'error',
  };
}

function groupOf(path: string): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (inPackage?.[1]) return inPackage[1];
  const parts = path.split('/');
  return parts.slice(0, Math.min(parts.length - 1, 4)).join('/') || path;
}

/** Prints the time since the process started once the module is imported, and the memory it holds. */
const IMPORT_PROBE = `
import { pathToFileURL } from 'node:url';
const target = process.argv[2];
await import(pathToFileURL(target).href);
const elapsed = performance.now();
const memory = process.memoryUsage();
process.stdout.write(JSON.stringify({ elapsed, heapUsed: memory.heapUsed, rss: memory.rss }));
process.exit(0);
`;

interface ProbeResult {
  elapsed: number;
  heapUsed: number;
  rss: number;
}

function probeImport(directory: string, target: string, sourceMaps: boolean): ProbeResult {
  const result = spawnSync(process.execPath, [join(directory, 'import-probe.mjs'), target], {
    cwd: directory,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH ?? '',
      AWS_REGION: 'us-east-1',
      LOG_LEVEL: 'WARN',
      // What AppFunction sets: the data files written beside the bundles (prepareBundleDirectory).
      DATA_FILES_DIR: dataFilesDirectoryOf(directory),
      // The CDK gives every function NODE_OPTIONS=--enable-source-maps (app-function.ts).
      ...(sourceMaps ? { NODE_OPTIONS: '--enable-source-maps' } : {}),
    },
    timeout: 30_000,
  });
  if (result.status !== 0) {
    throw new Error(`importing ${target} failed (${result.status}): ${result.stderr.slice(0, 2000)}`);
  }
  return JSON.parse(result.stdout) as ProbeResult;
}

/** Where prepareBundleDirectory writes the data files; a process running a bundle points DATA_FILES_DIR here. */
export function dataFilesDirectoryOf(directory: string): string {
  return join(directory, 'data');
}

export function prepareBundleDirectory(directory: string): void {
  mkdirSync(join(directory, 'node_modules'), { recursive: true });
  symlinkSync(join(REPOSITORY_ROOT, 'node_modules', '@aws-sdk'), join(directory, 'node_modules', '@aws-sdk'));
  writeFileSync(join(directory, 'import-probe.mjs'), IMPORT_PROBE);
  // The data the functions read at run time instead of bundling (messages, lexicon, headlines), written
  // by the command AppFunction runs after esbuild, so a bundle's init includes reading them.
  for (const command of dataFileCommands(true, REPOSITORY_ROOT, directory))
    execSync(command, { stdio: 'pipe' });
  mkdirSync(join(directory, 'empty'), { recursive: true });
  writeFileSync(join(directory, 'empty', 'index.mjs'), 'export const handler = async () => ({});\n');
  mkdirSync(join(directory, 'sdk-only'), { recursive: true });
  writeFileSync(
    join(directory, 'sdk-only', 'index.mjs'),
    "import '@aws-sdk/client-dynamodb';\nimport '@aws-sdk/lib-dynamodb';\nexport const handler = async () => ({});\n",
  );
}

type BuiltBundle = Omit<
  BundleFigures,
  | 'init_ms_median'
  | 'init_ratio'
  | 'sdk_clients_ms_median'
  | 'init_ratio_without_sdk'
  | 'heap_after_import_bytes'
  | 'rss_after_import_bytes'
>;

export async function buildBundles(directory: string): Promise<BuiltBundle[]> {
  const entries = [
    ...SERVICE_AREAS.map((area) => ({
      name: area,
      kind: 'area' as const,
      entry: `functions/src/${area}/handler.ts`,
    })),
    ...JOB_NAMES.map((job) => ({ name: job, kind: 'job' as const, entry: `functions/src/jobs/${job}.ts` })),
  ];
  return Promise.all(
    entries.map(async ({ name, kind, entry }) => {
      const outDirectory = join(directory, name);
      const outfile = join(outDirectory, 'index.mjs');
      const result = await esbuild.build({
        ...esbuildOptionsOf(join(REPOSITORY_ROOT, entry), outfile),
        absWorkingDir: REPOSITORY_ROOT,
      });
      const output = Object.values(result.metafile?.outputs ?? {}).find((candidate) => candidate.entryPoint);
      const inputs = Object.entries(output?.inputs ?? {}).map(([path, input]) => ({
        path,
        bytes: input.bytesInOutput,
      }));
      const groups = new Map<string, number>();
      for (const input of inputs)
        groups.set(groupOf(input.path), (groups.get(groupOf(input.path)) ?? 0) + input.bytes);
      const code = readFileSync(outfile);
      const sdkPackages = (output?.imports ?? [])
        .filter((imported) => imported.external && imported.kind === 'import-statement')
        .map((imported) => imported.path)
        .filter((path) => path.startsWith('@aws-sdk/'));
      return {
        name,
        kind,
        entry,
        sdk_packages: [...new Set(sdkPackages)].sort(),
        directory: outDirectory,
        file: outfile,
        minified_bytes: code.length,
        gzipped_bytes: gzipSync(code, { level: 9 }).length,
        sourcemap_bytes: statSync(`${outfile}.map`).size,
        top_inputs: inputs.sort((a, b) => b.bytes - a.bytes).slice(0, 8),
        by_group: [...groups.entries()]
          .map(([path, bytes]) => ({ path, bytes }))
          .sort((a, b) => b.bytes - a.bytes)
          .slice(0, 6),
      };
    }),
  );
}

/**
 * A module importing just these SDK packages, written once per distinct set (`sdk-<n>/index.mjs`): what
 * a bundle's SDK clients cost at load, apart from its own code.
 */
function sdkClientsModules(directory: string, bundles: BuiltBundle[]): string[] {
  const byKey = new Map<string, string>();
  return bundles.map((bundle) => {
    const key = bundle.sdk_packages.join(' ');
    const known = byKey.get(key);
    if (known) return known;
    const file = join(directory, `sdk-${byKey.size}`, 'index.mjs');
    mkdirSync(join(directory, `sdk-${byKey.size}`), { recursive: true });
    writeFileSync(
      file,
      `${bundle.sdk_packages.map((name) => `import '${name}';\n`).join('')}export const handler = async () => ({});\n`,
    );
    byKey.set(key, file);
    return file;
  });
}

/**
 * Median of `runs` fresh processes per bundle, interleaved (empty, SDK only, each distinct set of SDK
 * clients, bundle 1, bundle 2, ...) so a noisy moment of the machine hits every target alike.
 */
export async function measureArtefacts(directory: string, runs = 20): Promise<ArtefactFigures> {
  prepareBundleDirectory(directory);
  const built = await buildBundles(directory);
  const sdkModules = sdkClientsModules(directory, built);
  const distinctSdkModules = [...new Set(sdkModules)];
  const targets = [
    join(directory, 'empty', 'index.mjs'),
    join(directory, 'sdk-only', 'index.mjs'),
    ...distinctSdkModules,
    ...built.map((bundle) => bundle.file),
  ];
  const samples = targets.map(() => [] as ProbeResult[]);
  for (const target of targets) probeImport(directory, target, true); // warm the file cache
  for (let run = 0; run < runs; run += 1) {
    targets.forEach((target, index) => samples[index]?.push(probeImport(directory, target, true)));
  }
  const medians = samples.map((list) => median(list.map((sample) => sample.elapsed)));
  const empty = medians[0] ?? 1;
  const sdkOnly = medians[1] ?? 0;
  const firstBundle = 2 + distinctSdkModules.length;
  return {
    directory,
    empty_module_ms_median: round(empty),
    sdk_only_ms_median: round(sdkOnly),
    runs,
    bundles: built.map((bundle, index) => {
      const list = samples[index + firstBundle] ?? [];
      const own = medians[index + firstBundle] ?? 0;
      const sdkClients = medians[2 + distinctSdkModules.indexOf(sdkModules[index] ?? '')] ?? 0;
      return {
        ...bundle,
        init_ms_median: round(own),
        init_ratio: round(own / empty),
        sdk_clients_ms_median: round(sdkClients),
        init_ratio_without_sdk: round((own - sdkClients + empty) / empty),
        heap_after_import_bytes: median(list.map((sample) => sample.heapUsed)),
        rss_after_import_bytes: median(list.map((sample) => sample.rss)),
      };
    }),
  };
}
