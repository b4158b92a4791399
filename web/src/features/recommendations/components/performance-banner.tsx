import { Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { MeasuredClaim, type MeasuredBacktest } from '@/components/measured-claim';
import { Card } from '@/kit/ui/card';

/**
 * The static claim of docs/product.md "Screens", recommendations, with the engine's measured backtest beside
 * it (period, sample size, how it is measured), so the reader can compare the two; "not measured" when there
 * is none.
 */
export function PerformanceBanner({ backtest }: { backtest: MeasuredBacktest | null }) {
  const { t } = useTranslation(['recommendations', 'methodology']);
  return (
    <Card className="rec-performance">
      <Heading level={2} fontSize="large">
        {t('performance.title')}
      </Heading>
      <MeasuredClaim claim={t('performance.claim')} figure="hitRate" backtest={backtest} />
      {backtest ? <Text className="app-muted">{t('methodology:trackRecord.caveat')}</Text> : null}
      <Text className="app-muted" fontSize="small">
        {t('performance.backtestNote')}
      </Text>
    </Card>
  );
}
