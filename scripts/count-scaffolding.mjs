/**
 * `node scripts/count-scaffolding.mjs`: lists the modules of functions/src that only tests and the
 * bench use (test scaffolding living in the product), with their line counts.
 *
 * Production is what the Lambda entries (the files exporting `handler`) and every module nothing
 * imports (scripts, the local stack) reach, without passing through a test (`*.test.ts`, tests/,
 * infra/test/, a `testing/` folder) or the bench. A module of functions/src outside `testing/` that
 * production does not reach counts. A measurement for issue 49, not a check.
 */
import { cruise } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { readFileSync } from 'node:fs';

const FOLDERS = ['shared', 'functions', 'infra', 'tests', 'bench'];
const SOURCE = /^functions\/src\//;
/** A Lambda's entry exports `handler` (infra/lib/constructs/app-function.ts). */
const HANDLER = /^export (const|async function|function) handler\b/m;
const TEST_SIDE = /\.test\.tsx?$|^tests\/|^bench\/|^infra\/test\/|\/testing\//;

process.chdir(new URL('..', import.meta.url).pathname);
const result = await cruise(
  FOLDERS,
  {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/', '/cdk\\.out/', '/\\.local/', '/coverage/'] },
    tsConfig: { fileName: 'functions/tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
  undefined,
  { tsConfig: extractTSConfig('functions/tsconfig.json') },
);

const modules = new Map(result.output.modules.map((module) => [module.source, module]));
const imported = new Set(
  result.output.modules.flatMap((module) => module.dependencies.map((d) => d.resolved)),
);
/** What runs in production or on a developer's machine: the Lambda entries and every unimported module. */
const roots = [...modules.keys()].filter(
  (source) =>
    !TEST_SIDE.test(source) &&
    (!imported.has(source) || (SOURCE.test(source) && HANDLER.test(readFileSync(source, 'utf8')))),
);
const reached = new Set();
for (const stack = [...roots]; stack.length > 0;) {
  const source = stack.pop();
  if (reached.has(source) || TEST_SIDE.test(source)) continue;
  reached.add(source);
  for (const dependency of modules.get(source)?.dependencies ?? []) stack.push(dependency.resolved);
}
const scaffolding = [...modules.keys()].filter(
  (source) =>
    SOURCE.test(source) && /\.tsx?$/.test(source) && !reached.has(source) && !TEST_SIDE.test(source),
);

let total = 0;
for (const source of scaffolding.sort()) {
  const lines = readFileSync(source, 'utf8').split('\n').length - 1;
  total += lines;
  console.log(`${String(lines).padStart(5)}  ${source}`);
}
console.log(
  `${String(total).padStart(5)}  lines in ${scaffolding.length} module(s) only tests and the bench import`,
);
