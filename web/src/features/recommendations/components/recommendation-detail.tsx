import { Alert, Button, Loader, Text } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { contract } from '@app/shared/api/contract';
import type { Recommendation } from '@app/shared/domain/entities/market';
import { nuggetScoresOf, riskMetricsOf } from '@app/shared/domain/rules/fact-sheet-figures';
import { isApiError } from '@/kit/api/api-client';
import { useRouteQuery } from '@/kit/api/route-query';
import { useServerMessage } from '@/kit/api/use-server-message';
import { CrownIcon } from '@/kit/ui/icons';
import { FeatureGateSlot } from '@/kit/ui/feature-gate-slot';
import { NuggetCard } from './nugget-card';
import { PremiumPreview } from './premium-preview';
import { ScorePictures } from './score-pictures/score-pictures';
import { VolumeRiskCard } from './volume-risk-card';
import { WhyGradePanel } from './why-grade-panel';
import { CounterfactualsPanel } from '@/components/counterfactuals-panel';

export interface RecommendationDetailProps {
  /** The card's face, from the list. */
  summary: Recommendation;
  /** Whose list the card is in: the signed-in user, or the public demo. */
  listOwnerId: string;
  /** Only a signed-in user can write; a demo visitor reads. */
  canWrite: boolean;
  /** The 'Add (Rational)' form and the alert button, for a 'full' detail. */
  actions: ReactNode;
}

/**
 * The expanded card: the detail route's answer, 'full' (the factors' figures, volume and risk) or
 * 'basic' (the grade, the scores, one sentence per factor) as the server decides by plan. The reasoning
 * is said once, factor by factor, in "Why this grade" (issue 28: the reasoning paragraph and the AI
 * analysis repeated its sentences, so neither is drawn); a
 * 'basic' one is shown plainly, with the advanced_recommendations gate over an outline of what it lacks.
 * The grade, the composite, the factors and the risk measures are the symbol's fact sheet's
 * (docs/product.md "Fact sheets"), the figures the screener's explained score shows; the detail route
 * says the recommendation is on the caller's list and gives the rest (target, volume, detail level).
 * Below "Why this grade", what would move the grade (docs/product.md "Counterfactuals"), the
 * screener's panel: its route gates no plan and counts no quota, so Free reads it too.
 * Opening it counts the daily recommendations quota once per symbol a day, so the usage card reloads.
 */
export function RecommendationDetail({ summary, listOwnerId, canWrite, actions }: RecommendationDetailProps) {
  const { t } = useTranslation(['recommendations', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const serverMessage = useServerMessage();
  const detail = useRouteQuery(contract.ai.recommendationDetail, {
    params: { user: listOwnerId, symbol: summary.symbol },
  });
  const sheet = useRouteQuery(contract.ai.factSheet, { params: { symbol: summary.symbol } });
  // Both routes charge the same symbol's day once: whichever came first counted it.
  const counted = detail.data?.detail_quota?.counted === true || sheet.data?.detail_quota?.counted === true;

  useEffect(() => {
    if (!counted) return;
    void queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] === contract.subscription.usageStats.id,
    });
  }, [counted, queryClient]);

  if (detail.isPending || sheet.isPending) {
    return <Loader aria-label={t('loading')} />;
  }
  if (detail.isError || sheet.isError) {
    const error = detail.error ?? sheet.error;
    return (
      <Alert variation="warning" role="alert">
        {serverMessage(error) ?? t('loadFailed')}{' '}
        {isApiError(error) && error.status === 403 ? (
          <Button size="small" gap="xs" onClick={() => void navigate('/subscription')}>
            <CrownIcon size={16} /> {t('card.upgrade')}
          </Button>
        ) : (
          <Button size="small" onClick={() => void Promise.all([detail.refetch(), sheet.refetch()])}>
            {t('retry')}
          </Button>
        )}
      </Alert>
    );
  }
  const risk = riskMetricsOf(sheet.data);
  const scores = nuggetScoresOf(sheet.data, detail.data.recommendation.nugget_scores.key_nuggets);
  // The route's own risk measures are not drawn: the sheet's are (none on a 'basic' sheet).
  const { risk_metrics: _routeRisk, ...routed } = detail.data.recommendation;
  const recommendation: Recommendation = {
    ...routed,
    nugget_scores: scores,
    ...(risk ? { risk_metrics: risk } : {}),
  };
  const pictures = <ScorePictures recommendation={recommendation} signedIn={canWrite} />;
  if (recommendation.detail_level === 'full') {
    return (
      <>
        {canWrite ? actions : <Text className="app-muted">{t('card.signInToAdd')}</Text>}
        <NuggetCard scores={scores} />
        {pictures}
        {recommendation.volume_analysis && recommendation.risk_metrics ? (
          <VolumeRiskCard
            volume={recommendation.volume_analysis}
            risk={recommendation.risk_metrics}
            scores={scores}
          />
        ) : null}
        <WhyGradePanel scores={scores} />
        <CounterfactualsPanel symbol={summary.symbol} />
      </>
    );
  }
  // A 'basic' detail is all the API sends a plan without advanced_recommendations: the grade, the scores
  // and one sentence per factor, which the Free plan is promised (docs/product.md "Score history"), so
  // they are shown plainly; the gate covers only what Premium adds, an outline with no figure in it
  // (issue 46: the whole panel was blurred, the upgrade box far below).
  return (
    <>
      <section data-testid="basic-analysis">
        <Text>{t('card.basicAnalysis', { grade: scores.investment_grade })}</Text>
      </section>
      <NuggetCard scores={scores} />
      <FeatureGateSlot feature="advanced_recommendations" fallback={null} preview={<PremiumPreview />}>
        {null}
      </FeatureGateSlot>
      {pictures}
      <WhyGradePanel scores={scores} />
      <CounterfactualsPanel symbol={summary.symbol} />
    </>
  );
}
