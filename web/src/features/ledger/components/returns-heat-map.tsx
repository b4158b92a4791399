import { useTranslation } from 'react-i18next';
import type { PeriodReturnsResponse } from '@app/shared/domain/entities/ledger-reports';
import type { Language } from '@app/shared/domain/enums';
import { dateFormat, formatPercent } from '@app/shared/domain/rules/formatting';
import { ScrollRegion } from '@/kit/ui/scroll-region';
import { MonthGrid } from './month-grid';

type Month = PeriodReturnsResponse['monthly'][number];

const percentOf = (fraction: number | null, language: Language) =>
  fraction === null
    ? ''
    : formatPercent(fraction * 100, language, { signed: true, maximumFractionDigits: 1 });

/** Month names in the reader's language, from the platform (no word list to keep in three files). */
export function monthNames(language: Language): string[] {
  const format = dateFormat(language, { month: 'short', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, index) => format.format(new Date(Date.UTC(2001, index, 1))));
}

/** Green for gains, red for losses, stronger up to ±10 % in a month. */
function cellColour(fraction: number | null): string {
  if (fraction === null) return 'transparent';
  const strength = Math.min(1, Math.abs(fraction) / 0.1);
  const alpha = (0.15 + 0.75 * strength).toFixed(2);
  return fraction >= 0 ? `rgba(22, 128, 60, ${alpha})` : `rgba(190, 30, 45, ${alpha})`;
}

function byYear(months: readonly Month[]): Map<number, (Month | undefined)[]> {
  const years = new Map<number, (Month | undefined)[]>();
  for (const month of months) {
    const row = years.get(month.year) ?? Array.from<Month | undefined>({ length: 12 });
    row[month.month - 1] = month;
    years.set(month.year, row);
  }
  return years;
}

/**
 * The monthly returns as a heat map (a year a row, a month a column), summarised for screen readers,
 * with the same figures as a table behind a disclosure (docs/product.md asks a text alternative for
 * every picture).
 */
export function ReturnsHeatMap({ months, language }: { months: readonly Month[]; language: Language }) {
  const { t } = useTranslation(['portfolio']);
  const names = monthNames(language);
  const years = byYear(months);
  const measured = months.filter((month) => month.time_weighted !== null);
  const best = measured.reduce<Month | null>(
    (top, month) => (top === null || (month.time_weighted ?? 0) > (top.time_weighted ?? 0) ? month : top),
    null,
  );
  const worst = measured.reduce<Month | null>(
    (low, month) => (low === null || (month.time_weighted ?? 0) < (low.time_weighted ?? 0) ? month : low),
    null,
  );
  const label = (month: Month | null) =>
    month ? `${names[month.month - 1]} ${month.year} ${percentOf(month.time_weighted, language)}` : '';
  const first = months[0];
  const last = months.at(-1);
  const summary = t('portfolio:ledger.reports.heatMapSummary', {
    first: first ? `${names[first.month - 1]} ${first.year}` : '',
    last: last ? `${names[last.month - 1]} ${last.year}` : '',
    best: label(best),
    worst: label(worst),
  });
  return (
    <section aria-labelledby="ledger-heat-map" className="ledger__heat-map">
      <h3 id="ledger-heat-map">{t('portfolio:ledger.reports.heatMapTitle')}</h3>
      <ScrollRegion label={t('portfolio:ledger.reports.heatMapTitle')}>
        <MonthGrid
          summary={summary}
          monthNames={names}
          years={years}
          background={(month) => cellColour(month?.time_weighted ?? null)}
          text={(month) => percentOf(month?.time_weighted ?? null, language)}
        />
      </ScrollRegion>
      <details>
        <summary>{t('portfolio:ledger.reports.heatMapAsTable')}</summary>
        <table className="ledger__table" data-testid="ledger-monthly-table">
          <caption>{t('portfolio:ledger.reports.heatMapTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('portfolio:ledger.reports.year')}</th>
              {names.map((name) => (
                <th key={name} scope="col">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...years.entries()].map(([year, row]) => (
              <tr key={year}>
                <th scope="row">{year}</th>
                {row.map((month, index) => (
                  <td key={index}>{percentOf(month?.time_weighted ?? null, language)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
