import { Loader, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import { explainedScoresOf } from '@app/shared/domain/rules/fact-sheet-factors';
import { useRouteQuery } from '@/kit/api/route-query';
import { serverMessageOf } from '@/kit/api/api-error-text';
import { useFeatureAccess } from '@/lib/feature-access';
import { ScreenerPage } from '@/features/screener/components/screener-page';
import { AddToWatchlist } from '@/features/watchlists/components/add-to-watchlist';
import { useAuth } from '@/features/auth/components/auth-provider';
import { WhyGradePanel } from '@/features/recommendations/components/why-grade-panel';
import { CounterfactualsPanel } from '@/components/counterfactuals-panel';
import { AnalystPanel } from '@/features/explanations/components/analyst-panel';
import { FIGURE_SECTIONS } from '@/lib/figure-links';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';
import { RouteLoading } from './route-loading';

/**
 * An asset's explained score: its fact sheet (docs/product.md "Fact sheets"), read back as the grade,
 * the composite and each factor, worded by the recommendations' "why this grade", then what would
 * move the grade (docs/product.md "Counterfactuals"), and, for a signed-in investor, the analyst
 * (docs/product.md "The analyst").
 */
export function ExplainedScore({ symbol, analyst = false }: { symbol: string; analyst?: boolean }) {
  const { t, i18n } = useTranslation('screener');
  const sheet = useRouteQuery(contract.ai.factSheet, { params: { symbol } });
  // An analyst's figure links to the section that shows it (lib/figure-links.ts).
  useScrollToHash();
  if (sheet.isPending) return <Loader />;
  if (sheet.isError) return <Text role="alert">{serverMessageOf(sheet.error, i18n) ?? t('loadFailed')}</Text>;
  return (
    <>
      <div id={FIGURE_SECTIONS.whyGrade}>
        <WhyGradePanel scores={explainedScoresOf(sheet.data)} />
      </div>
      <div id={FIGURE_SECTIONS.counterfactuals}>
        <CounterfactualsPanel symbol={symbol} />
      </div>
      {analyst ? <AnalystPanel symbol={symbol} /> : null}
    </>
  );
}

/** /screener (docs/product.md "Screener"): the screener, each row opening the asset's explained score. */
export function ScreenerRoute() {
  const access = useFeatureAccess('screener_filters');
  const { status, viewer } = useAuth();
  // The analyst counts a signed-in investor's questions; the demo visitor has none to count.
  const analyst = viewer !== null && !viewer.isDemo;
  // Which filters the plan allows decides the first query and the form: asked first, so the page is
  // fetched once and does not change its form after painting.
  if (access.checking) return <RouteLoading />;
  return (
    <ScreenerPage
      allFilters={access.allowed}
      explanation={(symbol) => <ExplainedScore symbol={symbol} analyst={analyst} />}
      rowAction={status === 'authenticated' ? (symbol) => <AddToWatchlist symbol={symbol} /> : undefined}
    />
  );
}
