/**
 * `npm run static` (the first step of `npm test`): the compiler over every workspace and the bench,
 * ESLint, Prettier, the duplicates check, the import circles check, the file names check and the
 * docs check, the same commands `npm run typecheck`, `npm run lint`, `npm run duplicates`,
 * `npm run cycles`, `npm run basenames` and `npm run docs` run one after another, here run side by side, as many at once as the machine has cores. Each keeps about one core busy (the compiler a
 * little more), so on CI's two cores the step takes about half its sequential time, with every check
 * still run (docs/testing.md).
 *
 * Each check's output is printed whole when it ends, so two checks' lines never interleave; the
 * script fails when any check fails, after all of them ran, naming them.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const root = new URL('..', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const workspacesWithTypecheck = manifest.workspaces.filter((workspace) => {
  const scripts = JSON.parse(readFileSync(new URL(`${workspace}/package.json`, root), 'utf8')).scripts;
  return Boolean(scripts?.typecheck);
});

/**
 * CPU seconds each check took on a two-core machine like CI's (2026-11-28); the longest start first, so
 * the last to start is a short one and both cores finish together. A check not listed starts last.
 */
const MEASURED_SECONDS = {
  eslint: 67,
  prettier: 52,
  'typecheck web': 47,
  'typecheck infra': 36,
  'typecheck bench': 35,
  'typecheck tests': 34,
  'typecheck functions': 33,
  'typecheck admin-web': 28,
  duplicates: 16,
  cycles: 10,
  'typecheck shared': 15,
  docs: 2,
  basenames: 1,
};

const CHECKS = [
  { name: 'eslint', command: 'eslint . --max-warnings 0' },
  { name: 'prettier', command: 'prettier --check .' },
  { name: 'duplicates', command: 'node scripts/check-duplicates.mjs' },
  { name: 'cycles', command: 'node scripts/check-cycles.mjs' },
  { name: 'docs', command: 'node scripts/check-docs.mjs' },
  { name: 'basenames', command: 'node scripts/check-basenames.mjs' },
  { name: 'typecheck bench', command: 'tsc --noEmit -p bench' },
  ...workspacesWithTypecheck.map((workspace) => ({
    name: `typecheck ${workspace}`,
    command: `npm run typecheck --workspace ${workspace}`,
  })),
].sort((a, b) => (MEASURED_SECONDS[b.name] ?? 0) - (MEASURED_SECONDS[a.name] ?? 0));

function run(check) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(check.command, { cwd: root, shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const text = Buffer.concat(output).toString().trimEnd();
      console.log(
        `\n> ${check.name} (${check.command}): ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s`,
      );
      if (text) console.log(text);
      resolve(code === 0);
    });
  });
}

const queue = [...CHECKS];
const failed = [];
const lanes = Array.from({ length: Math.min(availableParallelism(), queue.length) }, async () => {
  for (let check = queue.shift(); check; check = queue.shift()) {
    if (!(await run(check))) failed.push(check.name);
  }
});
await Promise.all(lanes);
if (failed.length > 0) {
  console.error(`\nstatic checks failed: ${failed.join(', ')}`);
  process.exit(1);
}
