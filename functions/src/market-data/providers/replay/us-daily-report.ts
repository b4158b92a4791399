import type { IsoDate } from '../../../engine/types';
import { DROP_REASONS, type DropReason, type SeriesValidation } from './us-daily-validation';

/*
 * The validation report the build writes beside the data (us-daily/VALIDATION.md): what the checks
 * of us-daily-validation.ts found in every source series, what was dropped and why, and the gaps left
 * as they are. Plain markdown; the build formats it with the repository's prettier settings.
 */

export interface ReportedSeries {
  symbol: string;
  kind: 'stock' | 'etf';
  validation: SeriesValidation;
}

export interface ReportContext {
  /** The command that wrote the report, as a reader would run it. */
  command: string;
  /** NYSE weekdays that are not scheduled holidays, within the set's dates, on which no series has a bar. */
  closures: readonly IsoDate[];
}

/** Sessions missing from this many series or more are listed as gaps of the source itself. */
export const SOURCE_GAP_MIN_SERIES = 10;
const LISTED_GAPS = 6;

const count = (value: number) => value.toLocaleString('en-US');
const cell = (text: string) => text.replaceAll('|', '\\|');

function summary(series: readonly ReportedSeries[]): string[] {
  const totals = new Map<DropReason, number>(DROP_REASONS.map((reason) => [reason, 0]));
  for (const { validation } of series) {
    for (const row of validation.dropped) totals.set(row.reason, (totals.get(row.reason) ?? 0) + 1);
  }
  const sum = (pick: (validation: SeriesValidation) => number) =>
    series.reduce((total, entry) => total + pick(entry.validation), 0);
  const withGaps = series.filter((entry) => entry.validation.missingSessions.length > 0).length;
  return [
    '| What | Count |',
    '| --- | --- |',
    `| Series | ${count(series.length)} (${series.filter((entry) => entry.kind === 'stock').length} stocks, ${series.filter((entry) => entry.kind === 'etf').length} ETFs) |`,
    `| Rows read | ${count(sum((validation) => validation.rowsRead))} |`,
    `| Rows kept | ${count(sum((validation) => validation.kept.length))} |`,
    ...[...totals].map(([reason, total]) => `| Dropped: \`${reason}\` | ${count(total)} |`),
    `| Kept with volume unknown (0 in the source on a day with a range) | ${count(sum((validation) => validation.volumeUnknown.length))} |`,
    `| Kept moves of more than 50 % from the close before, confirmed by the next bar | ${count(sum((validation) => validation.largeMoves.length))} |`,
    `| Series with gaps (NYSE sessions without a bar between their first and last bar) | ${count(withGaps)} |`,
    `| Missing sessions, all series | ${count(sum((validation) => validation.missingSessions.length))} |`,
  ];
}

function sourceGaps(series: readonly ReportedSeries[]): string[] {
  const bySession = new Map<IsoDate, number>();
  for (const { validation } of series) {
    for (const date of validation.missingSessions) bySession.set(date, (bySession.get(date) ?? 0) + 1);
  }
  const rows = [...bySession]
    .filter(([, total]) => total >= SOURCE_GAP_MIN_SERIES)
    .sort(([left], [right]) => (left < right ? -1 : 1))
    .map(([date, total]) => `| ${date} | ${total} |`);
  return rows.length === 0 ? ['None.'] : ['| Session | Series without a bar |', '| --- | --- |', ...rows];
}

function droppedRows(series: readonly ReportedSeries[]): string[] {
  const rows = series.flatMap(({ symbol, validation }) =>
    validation.dropped.map(
      (row) => `| ${symbol} | ${row.line} | \`${row.reason}\` | \`${cell(row.text)}\` |`,
    ),
  );
  return rows.length === 0
    ? ['None.']
    : ['| Symbol | Line | Reason | Row as in the source |', '| --- | --- | --- | --- |', ...rows];
}

function largeMoves(series: readonly ReportedSeries[]): string[] {
  const rows = series.flatMap(({ symbol, validation }) =>
    validation.largeMoves.map((move) => `| ${symbol} | ${move.date} | ${(move.change * 100).toFixed(1)} % |`),
  );
  return rows.length === 0
    ? ['None.']
    : ['| Symbol | Date | Close on close before |', '| --- | --- | --- |', ...rows];
}

function perSeries(series: readonly ReportedSeries[]): string[] {
  const rows = series.map(({ symbol, kind, validation }) => {
    const missing = validation.missingSessions;
    const listed = missing.slice(0, LISTED_GAPS).join(', ');
    const more = missing.length > LISTED_GAPS ? `, +${missing.length - LISTED_GAPS} more` : '';
    return [
      symbol,
      kind,
      validation.kept[0]?.date ?? '-',
      validation.kept.at(-1)?.date ?? '-',
      count(validation.rowsRead),
      count(validation.kept.length),
      count(validation.dropped.length),
      count(validation.volumeUnknown.length),
      count(missing.length),
      `${listed}${more}`,
    ].join(' | ');
  });
  return [
    '| Symbol | Kind | First | Last | Read | Kept | Dropped | Volume unknown | Missing sessions | First missing |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map((row) => `| ${row} |`),
  ];
}

export function validationReport(series: readonly ReportedSeries[], context: ReportContext): string {
  return [
    '# Validation of the US daily history, 2007-2017',
    '',
    `Written by \`${context.command}\` from the source CSVs; do not edit by hand. What is checked and`,
    'why: `functions/src/market-data/providers/replay/us-daily-validation.ts`; the data set:',
    '`functions/src/market-data/README.md` "The US market, 2007-2017". No gap is filled and no row',
    'repaired: a row is kept as the source wrote it or dropped with its reason.',
    '',
    '## Summary',
    '',
    ...summary(series),
    '',
    '## Market closures',
    '',
    'NYSE weekdays that are not scheduled holidays on which no series has a bar (unscheduled closures):',
    context.closures.length === 0 ? 'none.' : `${context.closures.join(', ')}.`,
    '',
    `## Gaps of the source (sessions missing from ${SOURCE_GAP_MIN_SERIES} series or more)`,
    '',
    ...sourceGaps(series),
    '',
    '## Rows dropped',
    '',
    ...droppedRows(series),
    '',
    '## Large moves kept',
    '',
    ...largeMoves(series),
    '',
    '## Per series',
    '',
    ...perSeries(series),
    '',
  ].join('\n');
}
