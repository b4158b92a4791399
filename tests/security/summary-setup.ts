import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import type { TestProject } from 'vitest/node';
import { ROUTES } from '@app/shared/api';
import type { SuiteResult } from './security-report';

/**
 * Where a run writes its summary: an ignored folder, so `npm test` leaves the tree as it found it.
 * `npm run security:record` copies it into the committed tests/security/summary.md and the README.
 */
export const RUN_SUMMARY_FILE = fileURLToPath(new URL('../.results/security-summary.md', import.meta.url));
/** The committed summary the README quotes (prettier's settings for Markdown come from here). */
const COMMITTED_SUMMARY_FILE = fileURLToPath(new URL('./summary.md', import.meta.url));

function renderSummary(results: SuiteResult[], seconds: number): string {
  const sorted = [...results].sort((a, b) => a.order - b.order);
  const allRoutes = new Set(sorted.flatMap((result) => result.routes));
  const allCallers = new Set(sorted.flatMap((result) => result.callers));
  const limits = sorted.flatMap((result) => result.limits);
  const cell = (held: number, total: number) => (total === 0 ? '-' : `${held}/${total}`);
  const row = (result: SuiteResult) =>
    `| ${result.suite} | ${result.routes.length}/${ROUTES.length} | ${result.callers.length} | ${result.cases} | ` +
    `${result.serverErrors.length} | ${result.leaks.length} | ` +
    `${cell(result.limits.filter((limit) => limit.held).length, result.limits.length)} |`;
  const lines = [
    '| Suite | Routes covered | Callers | Cases tried | 5xx seen | Leaks seen | Limits held |',
    '|---|---|---|---|---|---|---|',
    ...sorted.map(row),
    `| **All suites** | **${[...allRoutes].filter((id) => ROUTES.some((route) => route.id === id)).length}/${ROUTES.length}** | ` +
      `**${allCallers.size}** | **${sorted.reduce((sum, result) => sum + result.cases, 0)}** | ` +
      `**${sorted.reduce((sum, result) => sum + result.serverErrors.length, 0)}** | ` +
      `**${sorted.reduce((sum, result) => sum + result.leaks.length, 0)}** | ` +
      `**${cell(limits.filter((limit) => limit.held).length, limits.length)}** |`,
    '',
    `Run: ${new Date().toISOString().slice(0, 10)}, ${seconds.toFixed(0)} s for ${sorted.length} suites ` +
      `against the local stack (\`npm run test:security\`). Callers: ${[...allCallers].sort().join(', ')}.`,
    '',
    `Limits: ${limits.map((limit) => `${limit.held ? 'held' : 'BROKEN'}: ${limit.name}`).join('; ') || 'none checked'}.`,
  ];
  const figures = sorted.flatMap((result) => result.figures.map((figure) => `- ${result.suite}: ${figure}`));
  if (figures.length > 0) lines.push('', 'Figures measured:', '', ...figures);
  const findings = sorted.flatMap((result) =>
    [...result.serverErrors, ...result.leaks, ...result.problems].map((line) => `- ${result.suite}: ${line}`),
  );
  if (findings.length > 0) lines.push('', 'Findings:', '', ...findings.slice(0, 50));
  return `${lines.join('\n')}\n`;
}

/**
 * Gives the security suites a fresh results directory, and at the end of the run writes the summary
 * table to tests/.results/security-summary.md (ignored) and prints it (only when security suites ran).
 */
export default function setup(project: TestProject): () => Promise<void> {
  const started = performance.now();
  const directory = mkdtempSync(join(tmpdir(), 'nugget-security-results-'));
  project.provide('securityResultsDirectory', directory);
  return async () => {
    const files = existsSync(directory)
      ? readdirSync(directory).filter((file) => file.endsWith('.json'))
      : [];
    if (files.length > 0) {
      const results = files.map(
        (file) => JSON.parse(readFileSync(join(directory, file), 'utf8')) as SuiteResult,
      );
      // Formatted as the repository formats Markdown, so `npm run lint` stays green after a run.
      const summary = await format(
        `# Security and reliability summary\n\n${renderSummary(results, (performance.now() - started) / 1000)}`,
        { ...((await resolveConfig(COMMITTED_SUMMARY_FILE)) ?? {}), filepath: COMMITTED_SUMMARY_FILE },
      );
      mkdirSync(dirname(RUN_SUMMARY_FILE), { recursive: true });
      writeFileSync(RUN_SUMMARY_FILE, summary);
      console.log(
        `\nSecurity summary (tests/.results/security-summary.md; \`npm run security:record\` commits it):\n\n${summary}`,
      );
    }
    rmSync(directory, { recursive: true, force: true });
  };
}
