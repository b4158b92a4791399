import { Loader, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import { useRouteQuery } from '@/kit/api/route-query';
import { serverMessageOf } from '@/kit/api/api-error-text';
import { useFeatureAccess } from '@/lib/feature-access';
import { ScreenerPage } from '@/features/screener/components/screener-page';
import { WhyGradePanel } from '@/features/recommendations/components/why-grade-panel';

/** An asset's explained score: its nugget analysis, worded by the recommendations' "why this grade". */
function ExplainedScore({ symbol }: { symbol: string }) {
  const { t, i18n } = useTranslation('screener');
  const analysis = useRouteQuery(contract.ai.nuggetAnalysis, { params: { symbol } });
  if (analysis.isPending) return <Loader />;
  if (analysis.isError)
    return <Text role="alert">{serverMessageOf(analysis.error, i18n) ?? t('loadFailed')}</Text>;
  return <WhyGradePanel scores={analysis.data.nugget_scores} />;
}

/** /screener (docs/product.md "Screener"): the screener, each row opening the asset's explained score. */
export function ScreenerRoute() {
  const access = useFeatureAccess('screener_filters');
  return (
    <ScreenerPage allFilters={access.allowed} explanation={(symbol) => <ExplainedScore symbol={symbol} />} />
  );
}
