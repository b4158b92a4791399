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
 */
import { cruise } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { readFileSync } from 'node:fs';

const root = new URL('..', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const FOLDERS = [...manifest.workspaces, 'bench'];

const CRUISE_OPTIONS = {
  validate: true,
  ruleSet: {
    forbidden: [{ name: 'no-circular', severity: 'error', from: {}, to: { circular: true } }],
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
for (const folder of FOLDERS) {
  const tsConfig = `${folder}/tsconfig.json`;
  const options = { ...CRUISE_OPTIONS, tsConfig: { fileName: tsConfig } };
  const result = await cruise([folder], options, undefined, { tsConfig: extractTSConfig(tsConfig) });
  for (const violation of result.output.summary.violations) {
    const circle = [violation.from, ...violation.cycle.map((step) => step.name)];
    // The same circle is reported once per file on it, and again by a workspace that imports it.
    const key = [...circle.slice(1)].sort().join(' ');
    if (seen.has(key)) continue;
    seen.add(key);
    circles.push(circle.join('\n    -> '));
  }
}

if (circles.length > 0) {
  console.error(`${circles.length} import circle(s):\n\n  ${circles.join('\n\n  ')}\n`);
  console.error('Move what both sides share into a module both can import (docs/architecture.md).');
  process.exit(1);
}
console.log(`no import circles in ${FOLDERS.join(', ')}`);
