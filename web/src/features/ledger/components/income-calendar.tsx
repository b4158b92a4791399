import { useTranslation } from 'react-i18next';
import type { DividendIncomeResponse } from '@app/shared/domain/entities/ledger-reports';
import type { Language } from '@app/shared/domain/enums';
import { formatMoney, formatMonth } from '@app/shared/domain/rules/formatting';
import { ScrollRegion } from '@/kit/ui/scroll-region';
import { MonthGrid } from './month-grid';
import { monthNames } from './returns-heat-map';

type CalendarLine = DividendIncomeResponse['calendar'][number];

const monthKey = (line: { year: number; month: number }) =>
  `${line.year}-${String(line.month).padStart(2, '0')}`;

/** Net income per year and month (every holding together): the picture's cells. */
function netByMonth(calendar: readonly CalendarLine[]): Map<number, number[]> {
  const years = new Map<number, number[]>();
  for (const line of calendar) {
    const row = years.get(line.year) ?? Array.from<number>({ length: 12 }).fill(0);
    row[line.month - 1] = (row[line.month - 1] ?? 0) + line.net_base;
    years.set(line.year, row);
  }
  return years;
}

/**
 * The dividends received as a calendar (a year a row, a month a column, darker for more), summarised
 * for screen readers, with every payment month and holding in a table behind it (docs/product.md asks
 * a text alternative for every picture).
 */
export function IncomeCalendar({ result, language }: { result: DividendIncomeResponse; language: Language }) {
  const { t } = useTranslation(['portfolio']);
  const names = monthNames(language);
  const money = (amount: number) => formatMoney(amount, result.base_currency, language);
  const years = netByMonth(result.calendar);
  const cells = [...years.entries()].flatMap(([year, row]) =>
    row.map((net, index) => ({ year, month: index + 1, net })),
  );
  const largest = cells.reduce((top, cell) => (cell.net > top.net ? cell : top), {
    year: 0,
    month: 1,
    net: 0,
  });
  const first = result.calendar[0];
  const last = result.calendar.at(-1);
  const summary = t('portfolio:ledger.income.calendarSummary', {
    first: first ? formatMonth(monthKey(first), language) : '',
    last: last ? formatMonth(monthKey(last), language) : '',
    total: money(cells.reduce((total, cell) => total + cell.net, 0)),
    best: largest.net > 0 ? `${formatMonth(monthKey(largest), language)} (${money(largest.net)})` : '',
  });
  return (
    <section aria-labelledby="ledger-income-calendar">
      <h3 id="ledger-income-calendar">{t('portfolio:ledger.income.calendarTitle')}</h3>
      <ScrollRegion label={t('portfolio:ledger.income.calendarTitle')}>
        <MonthGrid
          summary={summary}
          monthNames={names}
          years={years}
          testId="ledger-income-calendar"
          background={(net) =>
            net > 0 && largest.net > 0
              ? `rgba(22, 128, 60, ${(0.15 + 0.75 * (net / largest.net)).toFixed(2)})`
              : 'transparent'
          }
          text={(net) => (net === 0 ? '' : money(net))}
        />
      </ScrollRegion>
      <details>
        <summary>{t('portfolio:ledger.income.calendarAsTable')}</summary>
        <ScrollRegion label={t('portfolio:ledger.income.calendarTitle')}>
          <table className="ledger__table" data-testid="ledger-income-table">
            <caption>{t('portfolio:ledger.income.calendarTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('portfolio:ledger.income.month')}</th>
                <th scope="col">{t('portfolio:ledger.reports.symbol')}</th>
                {(['payments', 'gross', 'fees', 'withholding', 'net'] as const).map((key) => (
                  <th key={key} scope="col">
                    {t(`portfolio:ledger.income.${key}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {result.calendar.map((line) => (
                <tr key={`${monthKey(line)} ${line.symbol}`}>
                  <th scope="row">{formatMonth(monthKey(line), language)}</th>
                  <td>{line.symbol}</td>
                  <td>{line.payments}</td>
                  <td>{money(line.gross_base)}</td>
                  <td>{money(line.fees_base)}</td>
                  <td>{money(line.withholding_base)}</td>
                  <td>{money(line.net_base)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </details>
    </section>
  );
}
