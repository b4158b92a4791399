import { Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '@/kit/preferences/preferences';
import { ScrollRegion } from '@/kit/ui/scroll-region';
import { BACKTEST_FIGURES, formatFixed, formatFixedPercent } from '@/lib/backtest/backtest-claims';
import { BACKTEST_HORIZONS, BACKTEST_SORTS, type BacktestPeriod } from '@/lib/backtest/backtest-figures';

/** The backtest's tables (backtest-section.tsx); every cell is a figure of the generated file. */

function useFormat() {
  const { language } = usePreferences();
  return {
    num: (value: number | null | undefined, digits = 2) => formatFixed(value, language, digits),
    pct: (value: number | null | undefined) => formatFixedPercent(value, language),
  };
}

/** A+/A minus D for the grade and the two comparison sorts, per horizon, in and out of sample. */
export function LongShortTable() {
  const { t } = useTranslation('methodology');
  const { num } = useFormat();
  const { in_sample: inSample, out_of_sample: outOfSample } = BACKTEST_FIGURES.periods;
  return (
    <>
      <Heading level={3} fontSize="medium">
        {t('backtest.longShort.title')}
      </Heading>
      <ScrollRegion label={t('backtest.longShort.title')}>
        <table className="app-backtest__table" data-testid="backtest-long-short">
          <thead>
            <tr>
              {(
                [
                  'sort',
                  'horizon',
                  'inSample',
                  'tIn',
                  'outOfSample',
                  'tOut',
                  'months',
                  'rank',
                  'tRank',
                ] as const
              ).map((column) => (
                <th key={column} scope="col">
                  {t(`backtest.longShort.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {BACKTEST_SORTS.flatMap((sort) =>
              BACKTEST_HORIZONS.map((h) => (
                <tr key={`${sort}-${h}`} data-sort={sort} data-horizon={h}>
                  <th scope="row">{t(`backtest.sorts.${sort}`)}</th>
                  <td>{t('backtest.months', { count: Number(h) })}</td>
                  <td>{num(inSample.long_short[sort][h].mean)}</td>
                  <td>{num(inSample.long_short[sort][h].t_statistic)}</td>
                  <td>{num(outOfSample.long_short[sort][h].mean)}</td>
                  <td>{num(outOfSample.long_short[sort][h].t_statistic)}</td>
                  <td>
                    {num(outOfSample.long_short[sort][h].months, 0)} /{' '}
                    {num(outOfSample.long_short[sort][h].independent_months, 0)}
                  </td>
                  <td>{num(outOfSample.rank_correlation[sort][h].mean, 3)}</td>
                  <td>{num(outOfSample.rank_correlation[sort][h].t_statistic)}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </ScrollRegion>
      <Text className="app-muted" fontSize="small">
        {t('backtest.longShort.note')}
      </Text>
    </>
  );
}

const GRADE_COLUMNS = [
  'grade',
  'count',
  'mean',
  'median',
  'vsSpy',
  'vsUniverse',
  'hitRate',
  'volatility',
  'drawdown',
] as const;

/** Each grade over the next 3 months in one period. */
export function GradesTable({ period }: { period: BacktestPeriod }) {
  const { t } = useTranslation('methodology');
  const { num, pct } = useFormat();
  const rows = BACKTEST_FIGURES.periods[period].grades_3m;
  return (
    <>
      <Heading level={3} fontSize="medium">
        {t('backtest.grades.title', { period: t(`backtest.periods.${period}`) })}
      </Heading>
      <ScrollRegion label={t('backtest.grades.title', { period: t(`backtest.periods.${period}`) })}>
        <table className="app-backtest__table" data-testid={`backtest-grades-${period}`}>
          <thead>
            <tr>
              {GRADE_COLUMNS.map((column) => (
                <th key={column} scope="col">
                  {t(`backtest.grades.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.bucket} data-bucket={row.bucket}>
                <th scope="row">{row.bucket === 'all' ? t('backtest.grades.all') : row.bucket}</th>
                <td>{num(row.count, 0)}</td>
                <td>{pct(row.mean_return)}</td>
                <td>{pct(row.median_return)}</td>
                <td>{num(row.excess_vs_spy)}</td>
                <td>{num(row.excess_vs_universe)}</td>
                <td>{pct(row.hit_rate === null ? null : row.hit_rate * 100)}</td>
                <td>{pct(row.forward_volatility)}</td>
                <td>{pct(row.forward_max_drawdown)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}

/** The 1-month A+/A minus D by calendar year. */
export function YearsTable() {
  const { t } = useTranslation('methodology');
  const { num } = useFormat();
  return (
    <>
      <Heading level={3} fontSize="medium">
        {t('backtest.years.title')}
      </Heading>
      <ScrollRegion label={t('backtest.years.title')}>
        <table className="app-backtest__table" data-testid="backtest-years">
          <thead>
            <tr>
              {(['year', 'months', 'mean', 'sharpe'] as const).map((column) => (
                <th key={column} scope="col">
                  {t(`backtest.years.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {BACKTEST_FIGURES.long_short_by_year.map((row) => (
              <tr key={row.year}>
                <th scope="row">{row.year}</th>
                <td>{num(row.months, 0)}</td>
                <td>{num(row.mean)}</td>
                <td>{num(row.sharpe)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}

/** Each grade bucket held month by month, equal-weighted, against SPY and the whole universe. */
export function PathsTable() {
  const { t } = useTranslation('methodology');
  const { pct } = useFormat();
  const { max_drawdown: drawdown, annualised_return: annual } = BACKTEST_FIGURES.paths;
  return (
    <>
      <Heading level={3} fontSize="medium">
        {t('backtest.paths.title')}
      </Heading>
      <ScrollRegion label={t('backtest.paths.title')}>
        <table className="app-backtest__table" data-testid="backtest-paths">
          <thead>
            <tr>
              {(['line', 'drawdown', 'annual'] as const).map((column) => (
                <th key={column} scope="col">
                  {t(`backtest.paths.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Object.keys(drawdown).map((line) => (
              <tr key={line} data-line={line}>
                <th scope="row">
                  {line === 'spy' || line === 'universe' ? t(`backtest.paths.${line}`) : line}
                </th>
                <td>{pct(drawdown[line])}</td>
                <td>{pct(annual[line])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}
