import { Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { GradeDistanceView as Distance } from '@app/shared/domain/entities/score-history';
import { formatDate, formatNumber } from '@app/shared/domain/rules/formatting';
import { usePreferences } from '@/kit/preferences/preferences';

/** How many points separate the last stored day from the grades around it, and the closest factor. */
export function GradeDistanceView({ distance, date }: { distance: Distance; date: string }) {
  const { t } = useTranslation('charts');
  const { language } = usePreferences();
  const points = (value: number) => formatNumber(value, language, 1);
  const closest = distance.closest;
  return (
    <section aria-labelledby="grade-distance-title" data-testid="grade-distance">
      <Heading id="grade-distance-title" level={5} fontSize="small">
        {t('distance.title')}
      </Heading>
      <ul>
        <li>
          {distance.up
            ? t('distance.up', {
                points: points(distance.up.points),
                grade: distance.up.grade,
                edge: distance.up.edge,
              })
            : t('distance.top')}
        </li>
        <li>
          {distance.down
            ? t('distance.down', {
                points: points(distance.down.points),
                grade: distance.down.grade,
                edge: distance.down.edge,
              })
            : t('distance.bottom')}
        </li>
        {closest ? (
          <li>
            {t(closest.direction === 'up' ? 'distance.closestUp' : 'distance.closestDown', {
              factor: t(`factors.${closest.name}`),
              points: `${closest.factor_points > 0 ? '+' : ''}${points(closest.factor_points)}`,
            })}
          </li>
        ) : null}
      </ul>
      <Text className="app-muted">{t('distance.asOf', { date: formatDate(date, language, 'UTC') })}</Text>
    </section>
  );
}
