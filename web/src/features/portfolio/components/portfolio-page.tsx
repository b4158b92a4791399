import { Alert, Flex, Loader, Text } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import { isUnlimited, remaining } from '@app/shared/domain/rules/usage';
import { useRouteQuery } from '@/kit/api/route-query';
import { useToast } from '@/kit/ui/toast';
import { checkFeatureNow, useFeatureAccess } from '@/lib/feature-access';
import { AddAssetDialog } from './add-asset-dialog';
import { HoldingsList } from './holdings-list';
import { PlanUsageCard, SlotsBanner, type AssetSlots } from './plan-usage';
import { PortfolioAnalysisDialog } from './portfolio-analysis-dialog';
import { PortfolioHeader } from './portfolio-header';
import { AllocationCard, AssetTypeCards } from './portfolio-summary';
import './portfolio.css';
import { useMarketDate } from '@/kit/market/market-date';

export interface PortfolioPageProps {
  /** Demo visitors see the demo portfolio read-only: no write request leaves the browser. */
  isDemo: boolean;
  /** The upgrade dialog (composed in by the app from the gating feature). */
  renderUpgradeDialog: (props: { open: boolean; onClose: () => void }) => ReactNode;
  /** Cards composed in below the page, shown once it has loaded (never pushed down by it). */
  after?: ReactNode;
}

/**
 * The portfolio_assets slots from the plan (null when the subscription has none or failed), and whether
 * the subscription is still loading.
 */
function useAssetSlots(holdingsShown: number): { slots: AssetSlots | null; pending: boolean } {
  const subscription = useRouteQuery(contract.subscription.mySubscription);
  const limits = subscription.data?.subscription.limits.portfolio_assets;
  if (!subscription.data || !limits) return { slots: null, pending: subscription.isPending };
  const used = limits.used ?? holdingsShown;
  return {
    slots: {
      tier: subscription.data.subscription.tier,
      used,
      limit: limits.limit,
      unlimited: isUnlimited(limits.limit),
      remaining: remaining(used, limits.limit),
    },
    pending: false,
  };
}

/** docs/product.md "Screens", portfolio: the portfolio page. */
export function PortfolioPage({ isDemo, renderUpgradeDialog, after }: PortfolioPageProps) {
  const { t } = useTranslation(['portfolio', 'common']);
  const toast = useToast();
  const queryClient = useQueryClient();
  const portfolio = useRouteQuery(contract.portfolio.list);
  const market = useMarketDate();
  const { slots, pending: slotsPending } = useAssetSlots(portfolio.data?.assets.length ?? 0);
  const analytics = useFeatureAccess('advanced_analytics');
  const assetAccess = useFeatureAccess('portfolio_assets');
  const [addOpen, setAddOpen] = useState(false);
  const [analysisOpen, setAnalysisOpen] = useState(false);
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const errorToastShown = useRef(false);

  useEffect(() => {
    if (portfolio.isError && !errorToastShown.current) {
      errorToastShown.current = true;
      toast.show({
        title: t('portfolio:toasts.errorTitle'),
        description: t('portfolio:errors.loadFailed'),
        variant: 'error',
      });
    }
  }, [portfolio.isError, t, toast]);

  // The plan card and its banner sit above the holdings: the page waits for both answers (asked at once)
  // rather than pushing the holdings down when the plan arrives (CLS).
  if (portfolio.isPending || slotsPending) {
    return (
      <Flex justifyContent="center" alignItems="center" gap="small" padding="xl" role="status">
        <Loader aria-hidden="true" />
        <Text>{t('portfolio:loading')}</Text>
      </Flex>
    );
  }

  const slotsLeft = slots?.remaining ?? Infinity;
  const finiteSlots = slots && !slots.unlimited ? slots : null;

  /** docs/product.md "Screens", portfolio: the quota is checked (fresh) before the dialog opens. */
  async function openAddDialog() {
    try {
      const access = await checkFeatureNow(queryClient, 'portfolio_assets');
      if (!access.access.allowed) {
        toast.show({
          title: t('portfolio:toasts.limitReachedTitle'),
          description: access.access.upgrade_message ?? t('portfolio:toasts.limitReachedBody'),
          variant: 'warning',
        });
        return;
      }
      setAddOpen(true);
    } catch {
      toast.show({
        title: t('portfolio:toasts.errorTitle'),
        description: t('portfolio:errors.checkLimitsFailed'),
        variant: 'error',
      });
    }
  }

  const summary = portfolio.data?.summary;
  // Every amount in the ledger's base currency, named by the route (docs/product.md "One valuation").
  const currency = portfolio.data?.currency ?? 'USD';
  // The market date the portfolio was valued at, named on its dated labels in replay.
  const replayDate = market.replay ? (portfolio.data?.market_date ?? market.date) : null;
  return (
    <>
      <Flex direction="column" gap="large" className="portfolio">
        <PortfolioHeader
          analysisAllowed={analytics.allowed}
          analysisTier={analytics.requiredTier}
          onOpenAnalysis={() => setAnalysisOpen(true)}
          addDisabled={isDemo || (assetAccess.denied && slotsLeft <= 0)}
          onAddAsset={() => void openAddDialog()}
          usage={finiteSlots ? { used: finiteSlots.used, limit: finiteSlots.limit } : null}
        />
        {isDemo ? <Alert variation="info">{t('common:demo.description')}</Alert> : null}
        {portfolio.isError ? (
          <Alert variation="error" heading={t('portfolio:errorTitle')} data-testid="portfolio-error">
            {portfolio.error.message}
          </Alert>
        ) : null}
        {slots ? <PlanUsageCard slots={slots} /> : null}
        {finiteSlots ? (
          <SlotsBanner
            remaining={finiteSlots.remaining}
            canUpgrade={!isDemo}
            onUpgrade={() => setUpgradeOpen(true)}
          />
        ) : null}
        {summary ? <AssetTypeCards summary={summary} currency={currency} /> : null}
        {summary && summary.asset_count > 0 ? (
          <AllocationCard summary={summary} currency={currency} replayDate={replayDate} />
        ) : null}
        <HoldingsList
          assets={portfolio.data?.assets ?? []}
          readOnly={isDemo}
          showEmpty={!portfolio.isError}
          marketDate={portfolio.data?.market_date ?? ''}
          currency={currency}
        />
        {isDemo ? null : <AddAssetDialog open={addOpen} onClose={() => setAddOpen(false)} />}
        <PortfolioAnalysisDialog
          open={analysisOpen}
          onClose={() => setAnalysisOpen(false)}
          summary={portfolio.data?.summary}
        />
        {renderUpgradeDialog({ open: upgradeOpen, onClose: () => setUpgradeOpen(false) })}
      </Flex>
      {after}
    </>
  );
}
