import { Heading, Loader, Text } from '@aws-amplify/ui-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { NuggetScores } from '@app/shared/domain/entities/market';
import { formatDate, formatNumber } from '@app/shared/domain/rules/formatting';
import { Card } from '@/kit/ui/card';
import { usePreferences } from '@/kit/preferences/preferences';
import { radarPointsOf } from './radar-points';

const ScoreRadar = lazy(() => import('./score-radar'));

/** The radar of the card's five factor scores, with its caption and the same figures as a table. */
export function ScoreRadarCard({ scores, asOf }: { scores: NuggetScores; asOf: string }) {
  const { t } = useTranslation('charts');
  const { language } = usePreferences();
  const points = radarPointsOf(scores);
  const date = formatDate(asOf, language, 'UTC');
  return (
    <Card className="score-radar">
      <Heading level={4} fontSize="medium">
        {t('radar.title')}
      </Heading>
      <Text className="app-muted">{t('radar.caption', { date })}</Text>
      <div className="score-pictures__row">
        <Suspense fallback={<Loader aria-label={t('loading')} />}>
          <ScoreRadar points={points} />
        </Suspense>
        <table className="score-pictures__table">
          <caption>{t('radar.tableCaption', { date })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('radar.factor')}</th>
              <th scope="col">{t('radar.score')}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.factor}>
                <th scope="row">{t(`factors.${point.factor}`)}</th>
                <td>{formatNumber(point.score, language, 1)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
