/**
 * `npm run cycles` (part of `npm run static`): fails when two modules import each other, directly or
 * through others, type-only imports included.
 *
 * A circle of imports couples its modules: none can be read, moved or tested without the others, and a
 * circle of value imports also makes the load order decide which side sees `undefined` first. A
 * type-only import still couples the two files, so it counts; the shared type moves to a module both
 * sides import (docs/architecture.md, "Import circles").
 *
 * dependency-cruiser does the work: eslint-plugin-import-x's `no-cycle` skips type-only imports by
 * design and has no option to count them. Each workspace is cruised with its own tsconfig, because
 * the two sites' `@/` aliases point at different folders; imports of another workspace
 * (`@app/shared/...`) are followed through its package exports, so a circle across workspaces is
 * found too. Tests and fixtures count as well: a test importing production code is one way, so a
 * circle through a test is still a circle.
 *
 * The same run refuses an import of test scaffolding (a `testing/` folder) from anything but a test,
 * tests/, infra/test/ or the bench (docs/testing.md, "Test scaffolding").
 */
import { cruise } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { readFileSync } from 'node:fs';

const root = new URL('..', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const FOLDERS = [...manifest.workspaces, 'bench'];

/** Who may import a `testing/` folder: tests, the test workspace, the CDK tests, the bench, itself. */
const TEST_SIDE = '\\.test\\.tsx?$|^tests/|^bench/|^infra/test/|(^|/)testing/';

const CRUISE_OPTIONS = {
  validate: true,
  ruleSet: {
    forbidden: [
      { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
      {
        name: 'no-testing-in-production',
        severity: 'error',
        from: { pathNot: TEST_SIDE },
        to: { path: '(^|/)testing/' },
      },
    ],
  },
  // Type-only imports (`import type`) are dependencies too.
  tsPreCompilationDeps: true,
  doNotFollow: { path: 'node_modules' },
  exclude: { path: ['node_modules', '/dist/', '/cdk\\.out/', '/\\.local/', '/coverage/'] },
  enhancedResolveOptions: {
    exportsFields: ['exports'],
    conditionNames: ['import', 'require', 'node', 'default', 'types'],
    extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    mainFields: ['module', 'main', 'types', 'typings'],
  },
};

process.chdir(new URL('.', root).pathname);
const seen = new Set();
const circles = [];
const scaffoldingImports = new Set();
for (const folder of FOLDERS) {
  const tsConfig = `${folder}/tsconfig.json`;
  const options = { ...CRUISE_OPTIONS, tsConfig: { fileName: tsConfig } };
  const result = await cruise([folder], options, undefined, { tsConfig: extractTSConfig(tsConfig) });
  for (const violation of result.output.summary.violations) {
    if (violation.rule.name === 'no-testing-in-production') {
      scaffoldingImports.add(`${violation.from} -> ${violation.to}`);
      continue;
    }
    const circle = [violation.from, ...violation.cycle.map((step) => step.name)];
    // The same circle is reported once per file on it, and again by a workspace that imports it.
    const key = [...circle.slice(1)].sort().join(' ');
    if (seen.has(key)) continue;
    seen.add(key);
    circles.push(circle.join('\n    -> '));
  }
}

if (scaffoldingImports.size > 0) {
  console.error(
    `${scaffoldingImports.size} import(s) of test scaffolding outside the tests:\n\n  ${[...scaffoldingImports].join('\n  ')}\n`,
  );
  console.error('testing/ is for tests and the bench only (docs/testing.md, "Test scaffolding").');
}
if (circles.length > 0) {
  console.error(`${circles.length} import circle(s):\n\n  ${circles.join('\n\n  ')}\n`);
  console.error('Move what both sides share into a module both can import (docs/architecture.md).');
}
if (circles.length > 0 || scaffoldingImports.size > 0) process.exit(1);
console.log(`no import circles and no test scaffolding in production code in ${FOLDERS.join(', ')}`);
