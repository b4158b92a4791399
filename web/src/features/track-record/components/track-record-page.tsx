import { lazy, Suspense, useMemo } from 'react';
import { Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { dateFormat } from '@app/shared/domain/rules/formatting';
import { CompactHero } from '@/components/public-page';
import { Section } from '@/components/section';
import { usePreferences } from '@/kit/preferences/preferences';
import {
  BACKTEST_ANCHOR,
  BACKTEST_FIGURES,
  formatFixed,
  formatFixedPercent,
} from '@/lib/backtest/backtest-claims';
import type { TrackRecordSeries } from '@/lib/backtest/backtest-figures';
import series from '@/lib/backtest/track-record-series.generated.json';
import { LiveRecord } from './live-record';
import { DRAWN_LINES, growthAndDrawdown, longShortCalendar } from './track-record-data';
import './track-record.css';

const TrackRecordCharts = lazy(() => import('./track-record-charts'));
const SERIES = series as TrackRecordSeries;
const CAVEATS = ['survivorship', 'adjusted', 'priceOnly', 'after'] as const;

/**
 * Cell colour of a long-short month: green when A beat D, red when it lagged, darker with size. Opaque
 * tints from 92 % to 62 % lightness under dark ink (.app-track-record__tint) read at 4.5:1 or more in
 * either theme; the translucent colours they replace fell to about 2:1 under the dark theme's light text
 * (axe color-contrast, issue 46).
 */
function heat(value: number | null): string | undefined {
  if (value === null) return undefined;
  const strength = Math.min(Math.abs(value) / 10, 1);
  const lightness = 92 - strength * 30;
  return value >= 0 ? `hsl(142 70% ${lightness}%)` : `hsl(0 75% ${lightness}%)`;
}

/**
 * The public track record (issue "Does the grade work?"): the live record (live-record.tsx) first, then,
 * apart and never mixed with it, the backtest per grade, drawn. Figures from the committed backtest
 * (web/src/lib/backtest).
 */
export function TrackRecordPage() {
  const { t } = useTranslation('home');
  const { language } = usePreferences();
  const { growth, drawdown } = useMemo(() => growthAndDrawdown(SERIES), []);
  const calendar = useMemo(() => longShortCalendar(SERIES), []);
  const { universe } = BACKTEST_FIGURES;
  const last = growth.at(-1);
  const worst = (line: string) => Math.min(...drawdown.map((point) => point[line] as number));
  return (
    <>
      <CompactHero title={t('trackRecordPage.title')} subtitle={t('trackRecordPage.subtitle')} />
      <Section title={t('trackRecordPage.liveTitle')}>
        <LiveRecord />
      </Section>
      <Section title={t('trackRecordPage.backtestTitle')} tone="alt">
        <Text>
          {t('trackRecordPage.intro', {
            symbols: formatFixed(universe.symbols, language, 0),
            monthEnds: formatFixed(universe.month_ends, language, 0),
            from: universe.first_month_end,
            to: universe.last_month_end,
            observations: formatFixed(universe.observations, language, 0),
          })}
        </Text>
        <ul>
          {CAVEATS.map((caveat) => (
            <li key={caveat}>{t(`trackRecordPage.caveats.${caveat}`)}</li>
          ))}
        </ul>
        <Link to={BACKTEST_ANCHOR}>{t('stats.backtestLink')}</Link>
        <Suspense fallback={<Text>{t('trackRecordPage.loadingCharts')}</Text>}>
          <TrackRecordCharts growth={growth} drawdown={drawdown} language={language} />
        </Suspense>
        <Heading level={2}>{t('trackRecordPage.summaryTitle')}</Heading>
        <table className="app-track-record__table" data-testid="paths-summary">
          <thead>
            <tr>
              <th scope="col">{t('trackRecordPage.line')}</th>
              <th scope="col">{t('trackRecordPage.growth')}</th>
              <th scope="col">{t('trackRecordPage.worstFall')}</th>
            </tr>
          </thead>
          <tbody>
            {DRAWN_LINES.map((line) => (
              <tr key={line} data-line={line}>
                <th scope="row">{line}</th>
                <td>{formatFixed(last?.[line] as number, language)}</td>
                <td>{formatFixedPercent(worst(line), language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <Heading level={2}>{t('trackRecordPage.heatTitle')}</Heading>
        <Text className="app-muted">{t('trackRecordPage.heatNote')}</Text>
        <table className="app-track-record__table app-track-record__heat" data-testid="long-short-calendar">
          <thead>
            <tr>
              <th scope="col">{t('trackRecordPage.year')}</th>
              {Array.from({ length: 12 }, (_, month) => (
                <th key={month} scope="col">
                  {dateFormat(language, { month: 'short', timeZone: 'UTC' }).format(Date.UTC(2001, month, 1))}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {calendar.map((row) => (
              <tr key={row.year}>
                <th scope="row">{row.year}</th>
                {row.months.map((value, month) => (
                  <td
                    key={month}
                    className={value === null ? undefined : 'app-track-record__tint'}
                    style={{ background: heat(value) }}
                    data-month={month + 1}
                  >
                    {formatFixed(value, language, 1)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
    </>
  );
}
