import { Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/kit/ui/card';
import { usePreferences } from '@/kit/preferences/preferences';
import {
  BACKTEST_FIGURES,
  drawdownClaim,
  formatFixed,
  formatFixedPercent,
} from '@/lib/backtest/backtest-claims';
import { BACKTEST_PERIODS } from '@/lib/backtest/backtest-figures';
import { GradesTable, LongShortTable, PathsTable, YearsTable } from './backtest-tables';
import './backtest.css';

const CAVEATS = ['survivorship', 'adjusted', 'priceOnly', 'overlap', 'inSample'] as const;

/**
 * The universe backtest on the methodology page (functions/src/engine/README.md "Backtest"): what
 * was measured, its caveats, the verdict the figures allow, and the tables, all read from the
 * generated figures of the committed JSON (backtest-figures.ts), so the page cannot drift from it.
 */
export function BacktestSection() {
  const { t } = useTranslation('methodology');
  const { language } = usePreferences();
  const { universe, periods, predictive_out_of_sample: predictive } = BACKTEST_FIGURES;
  const n = (value: number) => formatFixed(value, language, 0);
  const spread = periods.out_of_sample.long_short.grade['3'];
  const top = periods.full.grades_3m.find((row) => row.bucket === 'A+/A');
  const bottom = periods.full.grades_3m.find((row) => row.bucket === 'D');
  const volatility = (value: number | null | undefined) => formatFixedPercent(value, language, 0);
  return (
    <Card id="backtest" data-testid="backtest">
      <Heading level={2} fontSize="large">
        {t('backtest.title', { symbols: n(universe.symbols) })}
      </Heading>
      <Text>
        {t('backtest.intro', {
          monthEnds: n(universe.month_ends),
          from: universe.first_month_end,
          to: universe.last_month_end,
          symbols: n(universe.symbols),
          stocks: n(universe.stocks),
          etfs: n(universe.etfs),
          observations: n(universe.observations),
          withFundamentals: n(universe.stocks_with_fundamentals),
        })}
      </Text>
      <ul data-testid="backtest-caveats">
        {CAVEATS.map((caveat) => (
          <li key={caveat}>{t(`backtest.caveats.${caveat}`)}</li>
        ))}
      </ul>
      <Text fontWeight="bold" data-testid="backtest-verdict">
        {t(predictive ? 'backtest.verdictPredictive' : 'backtest.verdictNone', {
          spread: formatFixed(spread.mean, language),
          t: formatFixed(spread.t_statistic, language),
        })}
      </Text>
      <Text data-testid="backtest-drawdown">
        {t('backtest.drawdown', {
          ...drawdownClaim('full', language),
          topVolatility: volatility(top?.forward_volatility),
          bottomVolatility: volatility(bottom?.forward_volatility),
        })}
      </Text>
      <LongShortTable />
      {BACKTEST_PERIODS.map((period) => (
        <GradesTable key={period} period={period} />
      ))}
      <YearsTable />
      <PathsTable />
      <Text className="app-muted" fontSize="small">
        {t('backtest.caption')}
      </Text>
      <Heading level={3} fontSize="medium">
        {t('backtest.history.title')}
      </Heading>
      <Text>{t('backtest.history.body')}</Text>
      <Text className="app-muted" fontSize="small">
        {t('backtest.source')}
      </Text>
    </Card>
  );
}
