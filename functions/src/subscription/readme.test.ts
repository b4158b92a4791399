import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TIER_CATALOGUE } from '@app/shared/domain/catalogue/tiers';
import { TIERS } from '@app/shared/domain/enums';

/** The README's "Plans and quotas" table, rendered from the catalogue the server enforces. */
function renderTierTable(): string {
  const features = Object.keys(TIER_CATALOGUE.FREE.features) as (keyof typeof TIER_CATALOGUE.FREE.features)[];
  const cell = (value: unknown): string => {
    if (value === -1) return 'unlimited';
    if (value === true) return 'yes';
    if (value === false) return 'no';
    if (value === 'real_time') return 'real time';
    if (value === 'delayed') return '15 min delayed';
    return String(value);
  };
  return [
    `| | ${TIERS.map((tier) => `${tier} (${TIER_CATALOGUE[tier].display_name})`).join(' | ')} |`,
    `|---|${TIERS.map(() => '---').join('|')}|`,
    `| price (USD / month) | ${TIERS.map((tier) => TIER_CATALOGUE[tier].price).join(' | ')} |`,
    ...features.map(
      (feature) =>
        `| \`${feature}\` | ${TIERS.map((tier) => cell(TIER_CATALOGUE[tier].features[feature])).join(' | ')} |`,
    ),
  ].join('\n');
}

/** A table row's cells, ignoring the column padding and dash counts Prettier chooses. */
function normalizeRow(line: string): string {
  const cells = line
    .split('|')
    .slice(1, -1)
    .map((cell) => cell.trim())
    .map((cell) => (/^-+$/.test(cell) ? '---' : cell));
  return cells.join(' | ');
}

describe('subscription README', () => {
  it('shows the tier table exactly as the catalogue defines it', () => {
    const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');
    const readmeRows = readme
      .split('\n')
      .filter((line) => line.startsWith('|'))
      .map(normalizeRow)
      .join('\n');

    expect(readmeRows).toContain(renderTierTable().split('\n').map(normalizeRow).join('\n'));
  });
});

/** Rows of the "Perks" table: the cited test files and the quoted test titles (a trailing "..." elides). */
function perkTableCitations(readme: string): { files: string[]; titles: string[] }[] {
  const section = readme.slice(readme.indexOf('## Perks'));
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2);
  return rows.map((row) => {
    const testCell = row.split('|')[3] ?? '';
    return {
      files: [...testCell.matchAll(/`([^`]+\.test\.ts)`/g)].map((match) => match[1] ?? ''),
      titles: [...testCell.matchAll(/"([^"]+)"/g)].map((match) => (match[1] ?? '').replace(/ \.\.\.$/, '')),
    };
  });
}

describe('subscription README perk table', () => {
  it('cites test titles that exist in the cited files', () => {
    const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');
    const repositoryRoot = new URL('../../../', import.meta.url);
    const missing: string[] = [];
    for (const { files, titles } of perkTableCitations(readme)) {
      const sources = files.map((file) => readFileSync(new URL(file, repositoryRoot), 'utf8'));
      for (const title of titles) {
        if (!sources.some((source) => source.includes(title)))
          missing.push(`${title} in ${files.join(', ')}`);
      }
    }

    expect(perkTableCitations(readme).length).toBeGreaterThanOrEqual(10);
    expect(missing).toEqual([]);
  });
});
