/**
 * `npm run basenames` (also a check of `npm run static`): no two source modules of one workspace share
 * a file name unless they are the same kind of thing by design (docs/glossary.md "File names"). A name
 * met twice makes a reader, a stack trace or an editor's quick-open guess which one is meant.
 *
 * The allowed kinds, each a group of modules with one basename that all match it:
 * - a folder's entry (`index.ts`) or its types (`types.ts`);
 * - an area's Lambda entry, `functions/src/<area>/handler.ts`;
 * - an area's routes and its entities, exactly `shared/src/api/areas/<x>.ts` and
 *   `shared/src/domain/entities/<x>.ts`;
 * - a command and the module it runs: exactly two files, one in the workspace's `scripts/` folder that
 *   imports the other;
 * - a provider folder's descriptor, `functions/src/market-data/providers/<provider>/descriptor.ts`;
 * - a test folder's fixtures (`test/fixtures.ts`).
 *
 * Tests (`*.test.*`, `*.spec.*`) and declarations (`*.d.ts`) are not modules of the product and are left
 * out. The script checks itself first on made-up file lists (a self-test, so a change to the rules that
 * lets a new pair through fails here too), then the repository's tracked and new files.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const SOURCE = /\.(ts|tsx|mts|mjs|js|jsx)$/;
const NOT_A_MODULE = /\.(test|spec)\.[^/]+$|\.d\.ts$/;
const EXTENSION = /\.(ts|tsx|mts|mjs|js|jsx)$/;

const withoutExtension = (path) => path.replace(EXTENSION, '');

/** Relative import specifiers of a source text, resolved against its file's folder (no extension). */
function importsOf(file, text) {
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map(
    (match) => match[1],
  );
  return specifiers.map((specifier) =>
    withoutExtension(posix.normalize(posix.join(dirname(file), specifier))),
  );
}

/**
 * The allowed kinds. `matches(group, read)` receives every path of one basename in one workspace
 * (repository-relative, `/` separators) and a reader of a file's text.
 */
export const ALLOWED_KINDS = [
  {
    name: "a folder's entry or types",
    matches: (group) => group.every((file) => /^(index|types)\.(ts|tsx|mts|mjs|js)$/.test(basename(file))),
  },
  {
    name: "an area's Lambda entry",
    matches: (group) => group.every((file) => /^functions\/src\/[^/]+\/handler\.ts$/.test(file)),
  },
  {
    name: "an area's routes and its entities",
    matches: (group) => {
      const name = basename(group[0]);
      return (
        group.length === 2 &&
        group.includes(`shared/src/api/areas/${name}`) &&
        group.includes(`shared/src/domain/entities/${name}`)
      );
    },
  },
  {
    name: 'a command and the module it runs',
    matches: (group, read) => {
      if (group.length !== 2) return false;
      const command = group.find((file) => /^[^/]+\/scripts\//.test(file));
      const module = group.find((file) => file !== command);
      return (
        Boolean(command && module) && importsOf(command, read(command)).includes(withoutExtension(module))
      );
    },
  },
  {
    name: "a provider's descriptor",
    matches: (group) =>
      group.every((file) => /^functions\/src\/market-data\/providers\/[^/]+\/descriptor\.ts$/.test(file)),
  },
  {
    name: "a test folder's fixtures",
    matches: (group) => group.every((file) => /(^|\/)test\/fixtures\.(ts|tsx)$/.test(file)),
  },
];

/**
 * Groups of modules sharing a basename within one workspace that no allowed kind covers.
 * @param {string[]} files repository-relative paths
 * @param {string[]} workspaces workspace folders
 * @param {(file: string) => string} read
 */
export function forbiddenGroups(files, workspaces, read) {
  const groups = new Map();
  for (const file of files) {
    if (!SOURCE.test(file) || NOT_A_MODULE.test(file) || file.includes('node_modules/')) continue;
    const workspace = workspaces.find((folder) => file.startsWith(`${folder}/`));
    if (!workspace) continue;
    const key = `${workspace}\0${basename(file)}`;
    groups.set(key, [...(groups.get(key) ?? []), file]);
  }
  return [...groups.values()]
    .filter((group) => group.length > 1)
    .filter((group) => !ALLOWED_KINDS.some((kind) => kind.matches(group, read)))
    .map((group) => group.sort());
}

function selfTest() {
  const workspaces = ['shared', 'functions', 'web'];
  const texts = {
    'functions/scripts/backtest.ts': "import { runBacktest } from '../src/engine/backtest';",
    'functions/scripts/replay-load.ts': "import { other } from '../src/jobs/other';",
  };
  const read = (file) => texts[file] ?? '';
  const check = (files) => forbiddenGroups(files, workspaces, read);

  assert.deepEqual(check(['functions/src/engine/tiers.ts', 'functions/src/rules/tiers.ts']), [
    ['functions/src/engine/tiers.ts', 'functions/src/rules/tiers.ts'],
  ]);
  assert.deepEqual(check(['shared/src/a/tiers.ts', 'functions/src/b/tiers.ts']), [], 'two workspaces');
  assert.deepEqual(
    check(['functions/src/a/x.ts', 'functions/src/b/x.test.ts', 'functions/src/c/x.d.ts']),
    [],
  );
  assert.deepEqual(check(['functions/src/market/handler.ts', 'functions/src/auth/handler.ts']), []);
  assert.deepEqual(
    check(['functions/src/market/handler.ts', 'functions/src/market/routes/handler.ts']).length,
    1,
  );
  assert.deepEqual(
    check(['shared/src/api/index.ts', 'shared/src/i18n/index.ts', 'shared/src/x/types.ts']),
    [],
  );
  assert.deepEqual(check(['shared/src/api/areas/admin.ts', 'shared/src/domain/entities/admin.ts']), []);
  assert.deepEqual(check(['shared/src/api/areas/admin.ts', 'shared/src/domain/rules/admin.ts']).length, 1);
  assert.deepEqual(check(['functions/scripts/backtest.ts', 'functions/src/engine/backtest.ts']), []);
  assert.deepEqual(
    check(['functions/scripts/replay-load.ts', 'functions/src/jobs/replay-load.ts']).length,
    1,
    'a command that does not import its namesake',
  );
  assert.deepEqual(
    check([
      'functions/src/market-data/providers/yahoo/descriptor.ts',
      'functions/src/market-data/providers/rss/descriptor.ts',
    ]),
    [],
  );
  assert.deepEqual(
    check([
      'functions/src/market-data/providers/yahoo/descriptor.ts',
      'functions/src/market-data/descriptor.ts',
    ]).length,
    1,
  );
  assert.deepEqual(check(['web/src/a/test/fixtures.ts', 'web/src/b/test/fixtures.ts']), []);
  assert.deepEqual(check(['web/src/a/fixtures.ts', 'web/src/b/test/fixtures.ts']).length, 1);
}

function repositoryFiles() {
  const output = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return output.split('\0').filter((file) => file && existsSync(join(ROOT, file)));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  selfTest();
  const { workspaces } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const groups = forbiddenGroups(repositoryFiles(), workspaces, (file) =>
    readFileSync(join(ROOT, file), 'utf8'),
  );
  for (const group of groups) console.log(`same file name, different things: ${group.join(', ')}`);
  if (groups.length > 0) {
    console.error(
      `${groups.length} file name(s) used twice in one workspace: rename one for what it holds, or, when they are ` +
        'the same kind of thing by design, add the kind to ALLOWED_KINDS and to docs/glossary.md "File names"',
    );
    process.exit(1);
  }
  console.log('no two modules of one workspace share a file name outside the allowed kinds');
}
