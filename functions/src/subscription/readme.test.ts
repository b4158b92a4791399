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
