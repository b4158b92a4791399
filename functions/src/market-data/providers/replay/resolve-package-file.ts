import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/*
 * The data files are read at run time from the installed packages, never imported, so esbuild does
 * not inline megabytes of CSV into a Lambda bundle. Consequence: a bundled Lambda must either ship
 * these files (NodejsFunction `commandHooks` / `nodeModules`) or read the pre-built
 * `replay-universe.json` written by `functions/scripts/build-replay-data.ts`.
 */
const requireFromHere = createRequire(import.meta.url);

/**
 * Absolute path of a file inside an installed package. Several packages restrict their subpaths
 * with an `exports` map, so we resolve an entry the map does export and walk from its folder.
 */
export function resolvePackageFile(exportedEntry: string, relativeFromEntryFolder: string): string {
  return join(dirname(requireFromHere.resolve(exportedEntry)), relativeFromEntryFolder);
}

export function readPackageFile(exportedEntry: string, relativeFromEntryFolder: string): string {
  return readFileSync(resolvePackageFile(exportedEntry, relativeFromEntryFolder), 'utf8');
}

/** Loads a CommonJS data module of a package (the visx mocks are plain object literals). */
export function requirePackageFile(exportedEntry: string, relativeFromEntryFolder: string): unknown {
  return requireFromHere(resolvePackageFile(exportedEntry, relativeFromEntryFolder));
}
