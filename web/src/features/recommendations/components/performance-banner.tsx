import { Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatPercent } from '@app/shared/domain/rules/formatting';
import { Card } from '@/kit/ui/card';
import { usePreferences } from '@/kit/preferences/preferences';

export interface MeasuredBacktest {
  /** 0-1. */
  hit_rate: number;
  recommendations: number;
  window: string;
}

/**
 * Part 2 section 2's static claim, with the engine's measured backtest beside it so the reader
 * can compare the two (null when none was measured).
 */
export function PerformanceBanner({ backtest }: { backtest: MeasuredBacktest | null }) {
  const { t } = useTranslation('recommendations');
  const { language } = usePreferences();
  return (
    <Card className="rec-performance">
      <Heading level={2} fontSize="large">
        {t('performance.title')}
      </Heading>
      <Text>
        {t('performance.claimLabel')} {t('performance.claim')}
      </Text>
      {backtest ? (
        <>
          <Text fontWeight="bold" data-testid="measured-backtest">
            {t('performance.measured', {
              hitRate: formatPercent(backtest.hit_rate * 100, language),
              count: formatNumber(backtest.recommendations, language, 0),
            })}
          </Text>
          <Text className="app-muted">
            {t('performance.measuredWindow')} {backtest.window}
          </Text>
        </>
      ) : (
        <Text className="app-muted">{t('performance.unavailable')}</Text>
      )}
      <Text className="app-muted" fontSize="small">
        {t('performance.backtestNote')}
      </Text>
    </Card>
  );
}
