import { Button, Heading, Loader, Text, ToggleButton, ToggleButtonGroup } from '@aws-amplify/ui-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import type { ScoreHistoryResponse } from '@app/shared/domain/entities/score-history';
import { formatDate, formatNumber } from '@app/shared/domain/rules/formatting';
import { useRouteQuery } from '@/kit/api/route-query';
import { Card } from '@/kit/ui/card';
import { usePreferences } from '@/kit/preferences/preferences';
import { GradeDistanceView } from './grade-distance-view';
import { ScoreChangeView } from './score-change';

const ScoreHistoryChart = lazy(() => import('./score-history-chart'));

/** Periods of the history, in calendar days back from the answer's last date. */
const PERIODS = { '1m': 30, '3m': 91, '6m': 182, '1y': 365 } as const;
type Period = keyof typeof PERIODS;

function daysBefore(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The score history of one asset: the stored days (GET /api/ai/score-history, one year by default,
 * which also names the market's date), a period to look at, the chart over the grade bands with its
 * text summary and table, what changed over the period and the distance to the grades around.
 */
export function ScoreHistoryPanel({ symbol }: { symbol: string }) {
  const { t } = useTranslation('charts');
  const { language } = usePreferences();
  const [period, setPeriod] = useState<Period>('1y');
  const year = useRouteQuery(contract.ai.scoreHistory, { params: { symbol } });
  const to = year.data?.to;
  const narrower = useRouteQuery(
    contract.ai.scoreHistory,
    { params: { symbol }, query: { from: daysBefore(to ?? '2000-01-01', PERIODS[period]), to } },
    { enabled: to !== undefined && period !== '1y' },
  );
  const history = period === '1y' ? year : narrower;
  return (
    <Card className="score-history">
      <Heading level={4} fontSize="medium">
        {t('history.title')}
      </Heading>
      <ToggleButtonGroup
        value={period}
        isExclusive
        isSelectionRequired
        onChange={(value) => setPeriod(value as Period)}
        aria-label={t('history.period')}
        size="small"
      >
        {(Object.keys(PERIODS) as Period[]).map((key) => (
          <ToggleButton key={key} value={key}>
            {t(`history.periods.${key}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {history.isPending ? (
        <Loader aria-label={t('loading')} />
      ) : history.isError || !history.data ? (
        <Text role="alert">
          {t('history.loadFailed')}{' '}
          <Button size="small" onClick={() => void history.refetch()}>
            {t('history.retry')}
          </Button>
        </Text>
      ) : (
        <HistoryBody history={history.data} language={language} />
      )}
    </Card>
  );
}

function HistoryBody({ history, language }: { history: ScoreHistoryResponse; language: 'en' | 'fr' | 'es' }) {
  const { t } = useTranslation('charts');
  const first = history.days[0];
  const last = history.days.at(-1);
  if (!first || !last) return <Text>{t('history.empty')}</Text>;
  const date = (value: string) => formatDate(value, language, 'UTC');
  return (
    <>
      <figure className="score-history__figure">
        <Suspense fallback={<Loader aria-label={t('loading')} />}>
          <div aria-hidden="true">
            <ScoreHistoryChart days={history.days} language={language} />
          </div>
        </Suspense>
        <figcaption>
          <Text data-testid="score-history-summary">
            {t('history.summary', {
              from: date(first.date),
              to: date(last.date),
              gradeFrom: first.grade,
              gradeTo: last.grade,
              compositeFrom: formatNumber(first.composite, language, 1),
              compositeTo: formatNumber(last.composite, language, 1),
              count: history.days.length,
            })}
          </Text>
          <Text className="app-muted">{t('history.bands')}</Text>
          <Text className="app-muted">{t('history.stored')}</Text>
        </figcaption>
      </figure>
      <details>
        <summary>{t('history.showTable')}</summary>
        <table className="score-pictures__table">
          <thead>
            <tr>
              <th scope="col">{t('history.date')}</th>
              <th scope="col">{t('history.grade')}</th>
              <th scope="col">{t('history.composite')}</th>
            </tr>
          </thead>
          <tbody>
            {history.days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{date(day.date)}</th>
                <td>{day.grade}</td>
                <td>{formatNumber(day.composite, language, 1)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      {history.change ? <ScoreChangeView change={history.change} detailLevel={history.detail_level} /> : null}
      {history.distance ? <GradeDistanceView distance={history.distance} date={last.date} /> : null}
    </>
  );
}
