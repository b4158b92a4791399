/**
 * `npm run docs` (also a check of `npm run static`): what docs/ and every README.md say about the
 * repository is still true. The rules, and what is deliberately left out, are in docs/testing.md
 * "Docs that stay true":
 *
 * - a backticked path resolves (from the doc's folder or any folder above it, or as the end of a
 *   path of the repository);
 * - a backticked name the doc attributes to a source file ("`render` in `platform/messages.ts`",
 *   "`platform/messages.ts` (`render`, `rendererFor`)") is declared or exported by that file;
 * - a relative link reaches a file or folder, and its #anchor a heading of the target (GitHub's slugs);
 * - a path in a code comment that names a folder of the repository root, or a source or markdown
 *   file below a folder, resolves too.
 *
 * Markdown is read with markdown-it, slugs come from github-slugger, declarations from the TypeScript
 * compiler's parser. Prints one line per false claim and a count per kind; fails when any is found.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import GithubSlugger from 'github-slugger';
import MarkdownIt from 'markdown-it';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Tracked files and new ones not ignored: what a clean clone will hold once committed. */
function repositoryFiles() {
  const output = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return output.split('\0').filter((file) => file && existsSync(join(ROOT, file)));
}

const FILES = repositoryFiles();
const TOP_LEVEL = new Set(FILES.filter((file) => file.includes('/')).map((file) => file.split('/')[0]));

const DOCS = FILES.filter(
  (file) =>
    !file.includes('node_modules/') && (/^docs\/.*\.md$/.test(file) || /(^|\/)README\.md$/.test(file)),
);
const SOURCES = FILES.filter(
  (file) => !file.includes('node_modules/') && /\.(ts|tsx|mjs|js)$/.test(file) && !file.endsWith('.d.ts'),
);

const FILE_EXTENSION =
  /\.(ts|tsx|mts|mjs|cjs|js|jsx|json|md|yml|yaml|sh|csv|html|css|txt|svg|png|jpg|webp|gz|zip|xml)$/;
/**
 * A bare file name is a claim when it names source or a doc; bare data names (`config.json`,
 * `app.html`) are mostly what the code writes or serves at run time.
 */
const BARE_SOURCE_NAME = /^[\w.-]*[\w-]\.(ts|tsx|mts|mjs|cjs|js|jsx|md)$/;
const SOURCE_EXTENSION = /\.(ts|tsx|mts|mjs|cjs|js|jsx)$/;
const IDENTIFIER = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*(\(\))?$/;

const markdown = new MarkdownIt({ html: true });

/** @type {{ kind: string; where: string; claim: string }[]} */
const falseClaims = [];
const report = (kind, where, claim) => falseClaims.push({ kind, where, claim });

/** Folders from `folder` up to the repository root, nearest first. */
function foldersUpFrom(folder) {
  const folders = [];
  for (let current = folder; ; current = dirname(current)) {
    folders.push(current);
    if (current === '.' || current === '') break;
  }
  return folders;
}

const insideRepository = (path) => !relative(ROOT, join(ROOT, path)).startsWith('..');

/** Every file and folder of the repository, as `/path/`, for the tail rule. */
const ALL_PATHS = new Set(
  FILES.flatMap((file) => {
    const parts = file.split('/');
    return parts.map((_, index) => `/${parts.slice(0, index + 1).join('/')}/`);
  }),
);
const isTailOfRepositoryPath = (path) => {
  const tail = `/${path.replace(/\/$/, '')}/`;
  for (const known of ALL_PATHS) if (known.endsWith(tail)) return true;
  return false;
};

/**
 * Where a backticked path of a doc in `folder` is, or undefined: from the doc's folder or a folder above
 * it, else the end of a path in the repository (`data/keys.ts` for functions/src/data/keys.ts, a bare
 * `terms.json` anywhere).
 */
function resolveDocPath(folder, path) {
  for (const base of foldersUpFrom(folder)) {
    const candidate = normalize(join(base, path));
    if (insideRepository(candidate) && existsSync(join(ROOT, candidate))) return candidate;
  }
  if (!isTailOfRepositoryPath(path)) return undefined;
  const tail = `/${path.replace(/\/$/, '')}`;
  return FILES.find((file) => `/${file}`.endsWith(tail)) ?? path;
}

/**
 * Another project's file, written after the project's name: an installed package's
 * (`@visx/mock-data/lib/...`, `vega-datasets/data/...`), a site's (`www.sec.gov/...`) or that of a
 * repository the doc links to on GitHub (`edgartools/data/...` beside a link to dgunning/edgartools).
 */
function isExternal(path, linkedProjects) {
  const first = path.split('/')[0];
  if (!path.includes('/')) return false;
  if (linkedProjects.has(first)) return true;
  if (first.startsWith('@') || /^[\w-]+(\.[\w-]+)*\.(com|org|gov|io|net)$/.test(first)) return true;
  return !TOP_LEVEL.has(first) && existsSync(join(ROOT, 'node_modules', first, 'package.json'));
}

/** A backticked text that claims to be a path of the repository, without a line suffix; or undefined. */
function pathClaimOf(text, folder, linkedProjects = new Set()) {
  const path = text.replace(/:\d+(-\d+)?$/, '').replace(/#.*$/, '');
  if (!/^[\w.@][\w.@/-]*$/.test(path) || path.includes('...') || path.includes('//')) return undefined;
  if (isExternal(path, linkedProjects)) return undefined;
  if (!path.includes('/')) return BARE_SOURCE_NAME.test(path) ? path : undefined;
  if (FILE_EXTENSION.test(path.replace(/\/$/, ''))) return path;
  const first = path.split('/')[0];
  const namesSomething = foldersUpFrom(folder).some((base) => existsSync(join(ROOT, base, first)));
  return namesSomething ? path : undefined;
}

// --- Names declared or exported by a source file --------------------------------------------------

/** @type {Map<string, Set<string>>} */
const namesCache = new Map();

/** Every name a file declares (at any depth: functions, classes, variables, types, members, keys) or re-exports. */
function namesOf(file, seen = new Set()) {
  const cached = namesCache.get(file);
  if (cached) return cached;
  const names = new Set();
  if (seen.has(file)) return names;
  seen.add(file);
  const source = ts.createSourceFile(
    file,
    readFileSync(join(ROOT, file), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const visit = (node) => {
    if (node.name && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name))) names.add(node.name.text);
    if (ts.isExportDeclaration(node) && !node.exportClause && node.moduleSpecifier) {
      const resolved = ts.resolveModuleName(
        node.moduleSpecifier.text,
        join(ROOT, file),
        { moduleResolution: ts.ModuleResolutionKind.Bundler, allowJs: true },
        ts.sys,
      ).resolvedModule;
      if (resolved && !resolved.isExternalLibraryImport) {
        for (const name of namesOf(relative(ROOT, resolved.resolvedFileName).split(sep).join('/'), seen)) {
          names.add(name);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  namesCache.set(file, names);
  return names;
}

// --- Docs -----------------------------------------------------------------------------------------

/** GitHub's anchors of a markdown file's headings. */
function anchorsOf(file) {
  const slugger = new GithubSlugger();
  const tokens = markdown.parse(readFileSync(join(ROOT, file), 'utf8'), {});
  const anchors = new Set();
  tokens.forEach((token, index) => {
    if (token.type !== 'heading_open') return;
    const text = tokens[index + 1].children
      .filter((child) => child.type === 'text' || child.type === 'code_inline')
      .map((child) => child.content)
      .join('');
    anchors.add(slugger.slug(text));
  });
  return anchors;
}

function checkLink(doc, where, target) {
  if (/^[a-z][a-z\d+.-]*:/i.test(target) || target.startsWith('//')) return;
  const [pathPart, anchor] = target.split('#');
  const path = decodeURI(pathPart.split('?')[0]);
  const file = path === '' ? doc : normalize(join(dirname(doc), path));
  if (!insideRepository(file) || !existsSync(join(ROOT, file))) {
    report('link', where, target);
    return;
  }
  if (anchor && file.endsWith('.md') && statSync(join(ROOT, file)).isFile() && !anchorsOf(file).has(anchor)) {
    report('anchor', where, target);
  }
}

/** Names attributed to a source file by adjacency: "`name` in `file`", "`file` (`a`, `b`)", "`file`'s `name`". */
function attributions(children) {
  const found = [];
  const code = (index) => (children[index]?.type === 'code_inline' ? children[index].content : undefined);
  const text = (index) => (children[index]?.type === 'text' ? children[index].content : undefined);
  for (let index = 0; index < children.length; index += 1) {
    const first = code(index);
    if (first === undefined) continue;
    const between = text(index + 1);
    const second = code(index + 2);
    if (between === undefined || second === undefined) continue;
    if (
      IDENTIFIER.test(first) &&
      /^(\s+(in|from|of)\s+|\s*\(\s*)$/.test(between) &&
      SOURCE_EXTENSION.test(second)
    ) {
      found.push({ name: first, file: second });
    } else if (
      SOURCE_EXTENSION.test(first) &&
      /^(\s*\(\s*|'s\s+|\s+|\s+(defines|exports)\s+)$/.test(between) &&
      IDENTIFIER.test(second)
    ) {
      found.push(...namesListedFrom(children, index + 2, first));
    }
  }
  return found;
}

/** The name at `index` and those listed after it ("`a`, `b` and `c`"), attributed to `file`. */
function namesListedFrom(children, index, file) {
  const found = [];
  for (let next = index; children[next]?.type === 'code_inline'; next += 2) {
    if (IDENTIFIER.test(children[next].content)) found.push({ name: children[next].content, file });
    if (
      !/^\s*(,|and|,\s*and)\s*$/.test(children[next + 1]?.content ?? '') ||
      children[next + 1].type !== 'text'
    ) {
      break;
    }
  }
  return found;
}

/** A table row whose cell is one source path and whose next cell starts with names: "| `file.ts` | `a`, `b` ... |". */
function rowAttributions(cells) {
  const found = [];
  cells.forEach((cell, index) => {
    const codes = cell.filter((child) => !(child.type === 'text' && child.content.trim() === ''));
    const next = cells[index + 1];
    if (
      codes.length !== 1 ||
      codes[0].type !== 'code_inline' ||
      !SOURCE_EXTENSION.test(codes[0].content) ||
      !next
    ) {
      return;
    }
    if (next[0]?.type === 'code_inline' && IDENTIFIER.test(next[0].content)) {
      found.push(...namesListedFrom(next, 0, codes[0].content));
    }
  });
  return found;
}

function checkDoc(doc) {
  const folder = dirname(doc);
  const tokens = markdown.parse(readFileSync(join(ROOT, doc), 'utf8'), {});
  const claims = [];
  const linkedProjects = new Set(
    tokens
      .flatMap((token) => token.children ?? [])
      .map((child) => /^https:\/\/github\.com\/[^/]+\/([^/#?]+)/.exec(child.attrGet?.('href') ?? '')?.[1])
      .filter(Boolean),
  );
  let row = [];
  let line = 1;
  for (const token of tokens) {
    if (token.map) line = token.map[0] + 1;
    const where = `${doc}:${line}`;
    if (token.type === 'tr_open') row = [];
    if (token.type === 'tr_close') claims.push(...rowAttributions(row).map((claim) => ({ ...claim, where })));
    if (token.type !== 'inline') continue;
    row.push(token.children);
    claims.push(...attributions(token.children).map((claim) => ({ ...claim, where })));
    for (const child of token.children) {
      if (child.type === 'link_open') checkLink(doc, where, child.attrGet('href') ?? '');
      if (child.type === 'image') checkLink(doc, where, child.attrGet('src') ?? '');
      if (child.type === 'code_inline') {
        const path = pathClaimOf(child.content, folder, linkedProjects);
        if (path !== undefined && resolveDocPath(folder, path) === undefined)
          report('path', where, child.content);
      }
    }
  }
  for (const { name, file, where } of claims) {
    const resolved = resolveDocPath(folder, pathClaimOf(file, folder) ?? file);
    if (resolved === undefined || !statSync(join(ROOT, resolved)).isFile()) continue; // reported as a path
    const names = namesOf(resolved);
    const missing = name
      .replace(/\(\)$/, '')
      .split('.')
      .filter((part) => !names.has(part));
    if (missing.length > 0) report('symbol', where, `${name} in ${file}`);
  }
}

// --- Code comments --------------------------------------------------------------------------------

const COMMENT_PATH = /(?<![\w./@-])([\w.-]+(?:\/[\w.-]+)+\/?)/g;

function checkComments(file) {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.JSX, text);
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind !== ts.SyntaxKind.SingleLineCommentTrivia && kind !== ts.SyntaxKind.MultiLineCommentTrivia)
      continue;
    const comment = scanner.getTokenText();
    for (const match of comment.matchAll(COMMENT_PATH)) {
      const path = match[1].replace(/[.]+$/, '');
      const checked = TOP_LEVEL.has(path.split('/')[0]) || /\.(ts|tsx|mjs|md)$/.test(path);
      if (!checked) continue;
      const resolves =
        foldersUpFrom(dirname(file)).some((base) => existsSync(join(ROOT, base, path))) ||
        FILES.some((repositoryFile) => `/${repositoryFile}/`.includes(`/${path.replace(/\/$/, '')}/`));
      if (!resolves) {
        const line = text.slice(0, scanner.getTokenStart() + match.index).split('\n').length;
        report('comment', `${file}:${line}`, path);
      }
    }
  }
}

for (const doc of DOCS) checkDoc(doc);
for (const file of SOURCES) checkComments(file);

// Paths git ignores (build output, local results) are not in a clean clone, by design.
const ignored = new Set(
  spawnSync('git', ['check-ignore', '--no-index', '--stdin'], {
    cwd: ROOT,
    encoding: 'utf8',
    input: falseClaims.flatMap((claim) => [claim.claim, claim.claim.replace(/\/?$/, '/')]).join('\n'),
  }).stdout.split('\n'),
);
const reported = falseClaims.filter(
  (claim) => !ignored.has(claim.claim) && !ignored.has(claim.claim.replace(/\/?$/, '/')),
);

for (const claim of reported) console.log(`${claim.where}: ${claim.kind}: ${claim.claim}`);
const counts = Object.groupBy(reported, (claim) => claim.kind);
const summary = Object.entries(counts)
  .map(([kind, claims]) => `${claims.length} ${kind}`)
  .join(', ');
console.log(
  `${DOCS.length} docs and ${SOURCES.length} source files read: ${reported.length === 0 ? 'no false claim' : `${reported.length} false claims (${summary})`}`,
);
if (reported.length > 0) process.exit(1);
