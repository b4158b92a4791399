/**
 * `npm run duplicates` (part of `npm test`): fails when a block of code is repeated in the source.
 *
 * jscpd 4 over the non-test source of every workspace, the sites' styles and the bench, with its
 * default clone size of 50 tokens (about five lines of one statement block). That size was chosen by
 * measuring the tree: at 50 tokens every clone found was repeated logic or markup worth one function
 * or component; at 40 the extra hits were mostly shapes that only look alike (two field prop lists,
 * two import lists); at 30 they were mostly DynamoDB command literals and type shapes. The threshold
 * is zero clones: a repeated block is written once and imported, or listed below with its reason.
 *
 * Tests and fixtures are left out on purpose: a test spells out its arrange, act and assert so it
 * reads on its own. Import lists do not count: they repeat by nature and carry no logic (jscpd's own
 * ignorePattern marks nothing as ignored in 4.x, so the clones are filtered below).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { relative } from 'node:path';

// The package's ES module build does not load on Node 20 (an extension-less import); its CommonJS
// build does.
const { detectClonesAndStatistic } = createRequire(import.meta.url)('jscpd');

const SOURCE = [
  'shared/src',
  'shared/scripts',
  'functions/src',
  'functions/scripts',
  'infra/bin',
  'infra/lib',
  'infra/local',
  'web/src',
  'web/scripts',
  'admin-web/src',
  'bench',
  'scripts',
];

const NOT_SOURCE = [
  '**/node_modules/**',
  '**/dist/**',
  '**/*.test.ts',
  '**/*.test.tsx',
  '**/test/**',
  '**/fixtures*',
  '**/*fixtures*/**',
];

/** A clone counts when at least this many of its lines are not import statements. */
const MIN_LINES_BEYOND_IMPORTS = 5;

/** The 1-based numbers of a file's lines that belong to an import statement. */
function importLines(file) {
  const lines = readFileSync(file, 'utf8').split('\n');
  const inImport = new Set();
  for (let index = 0; index < lines.length; index += 1) {
    if (!/^import[\s{'"*]/.test(lines[index])) continue;
    let end = index;
    while (end < lines.length - 1 && !/;\s*$/.test(lines[end])) end += 1;
    for (let line = index; line <= end; line += 1) inImport.add(line + 1);
    index = end;
  }
  return inImport;
}

/** True when the repeated lines are import statements but for fewer than MIN_LINES_BEYOND_IMPORTS. */
function isImportList({ sourceId, start, end }) {
  const imports = importLines(sourceId);
  let other = 0;
  for (let line = start.line; line <= end.line; line += 1) if (!imports.has(line)) other += 1;
  return other < MIN_LINES_BEYOND_IMPORTS;
}

/**
 * Clones known and owned elsewhere: the backend restructuring ("A house a newcomer can live in,
 * part 1") moves and rewrites these files. Each entry names both files; remove it when its clone goes.
 */
const KNOWN = [
  {
    files: ['functions/src/data/market-repository.ts', 'functions/src/data/moderation-repository.ts'],
    reason: 'the DynamoDB cancellation-code helper copied across repositories',
  },
  {
    files: ['functions/src/jobs/price-poll.ts', 'functions/src/market/news/routes.ts'],
    reason: 'the price poll and the catalyst routes build the same alert inputs',
  },
  {
    files: ['functions/src/market/market-deps.ts', 'functions/scripts/backtest.ts'],
    reason: "the backtest script wires the market area's dependencies by hand",
  },
];

const MIN_TOKENS = 50;

const { clones, statistic } = await detectClonesAndStatistic({
  path: SOURCE,
  format: ['typescript', 'tsx', 'css'],
  ignore: NOT_SOURCE,
  minTokens: MIN_TOKENS,
  minLines: 5,
  silent: true,
  reporters: [],
  gitignore: true,
});

const where = (duplication) =>
  `${relative(process.cwd(), duplication.sourceId)}:${duplication.start.line}-${duplication.end.line}`;
const fileOf = (duplication) => relative(process.cwd(), duplication.sourceId);
const knownFor = (clone) =>
  KNOWN.find(({ files }) => {
    const pair = [fileOf(clone.duplicationA), fileOf(clone.duplicationB)];
    return files.every((file) => pair.includes(file));
  });

const counted = clones.filter((clone) => !isImportList(clone.duplicationA));
const unexpected = counted.filter((clone) => !knownFor(clone));
const known = counted.filter((clone) => knownFor(clone));
const { total } = statistic;
console.log(
  `duplicates: ${total.sources} files, ${total.lines} lines, clones of ${MIN_TOKENS}+ tokens: ` +
    `${unexpected.length} new, ${known.length} known, ${clones.length - counted.length} import lists ` +
    `(${total.duplicatedLines} duplicated lines, ${total.percentage} %)`,
);
for (const clone of known) {
  console.log(
    `  known: ${where(clone.duplicationA)} ~ ${where(clone.duplicationB)} (${knownFor(clone).reason})`,
  );
}
for (const clone of unexpected) {
  console.error(`  repeated: ${where(clone.duplicationA)} ~ ${where(clone.duplicationB)}`);
}
if (unexpected.length > 0) {
  console.error(
    'Write the repeated block once (a function, a component, a kit module) and use it in both places.',
  );
  process.exitCode = 1;
}
