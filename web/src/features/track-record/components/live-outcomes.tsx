import { Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { LiveHorizonOutcomes } from '@app/shared/domain/entities/grade-chain';
import { formatMarketDate } from '@/kit/market/market-date';
import { usePreferences } from '@/kit/preferences/preferences';
import { formatFixed, formatFixedPercent } from '@/lib/backtest/backtest-claims';

/**
 * The live outcomes per horizon (docs/product.md "Track record"), apart from the backtest: per grade
 * the count, mean and median return, excess over SPY and hit rate of the grades issued live, once
 * each horizon has passed; "none yet" for a horizon no chained date has reached.
 */
export function LiveOutcomes({ outcomes }: { outcomes: readonly LiveHorizonOutcomes[] }) {
  const { t } = useTranslation('home');
  const { language } = usePreferences();
  return (
    <div data-testid="live-outcomes">
      <Text>{t('trackRecordPage.live.outcomesIntro')}</Text>
      {outcomes.map((horizon) => (
        <section key={horizon.months} data-testid={`live-outcomes-${horizon.months}`}>
          <Heading level={4}>{t('trackRecordPage.live.horizon', { count: horizon.months })}</Heading>
          {horizon.dates === 0 || !horizon.first_date || !horizon.last_date ? (
            <Text className="app-muted">{t('trackRecordPage.live.noneYet')}</Text>
          ) : (
            <>
              <Text className="app-muted">
                {t('trackRecordPage.live.datesRecorded', {
                  dates: formatFixed(horizon.dates, language, 0),
                  first: formatMarketDate(horizon.first_date, language),
                  last: formatMarketDate(horizon.last_date, language),
                })}
              </Text>
              <table className="app-track-record__table">
                <thead>
                  <tr>
                    <th scope="col">{t('trackRecordPage.live.grade')}</th>
                    <th scope="col">{t('trackRecordPage.live.count')}</th>
                    <th scope="col">{t('trackRecordPage.live.mean')}</th>
                    <th scope="col">{t('trackRecordPage.live.median')}</th>
                    <th scope="col">{t('trackRecordPage.live.excessSpy')}</th>
                    <th scope="col">{t('trackRecordPage.live.hitRate')}</th>
                  </tr>
                </thead>
                <tbody>
                  {horizon.grades
                    .filter((grade) => grade.count > 0)
                    .map((grade) => (
                      <tr key={grade.grade}>
                        <th scope="row">
                          {grade.grade === 'all' ? t('trackRecordPage.live.allGrades') : grade.grade}
                        </th>
                        <td>{formatFixed(grade.count, language, 0)}</td>
                        <td>{formatFixedPercent(grade.mean_return, language)}</td>
                        <td>{formatFixedPercent(grade.median_return, language)}</td>
                        <td>{formatFixedPercent(grade.excess_vs_spy, language)}</td>
                        <td>
                          {formatFixedPercent(
                            grade.hit_rate === null ? null : grade.hit_rate * 100,
                            language,
                            0,
                          )}
                        </td>
                      </tr>
                    ))}
                </tbody>
              </table>
            </>
          )}
        </section>
      ))}
    </div>
  );
}
