import { Alert, Button, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ASSET_TYPES } from '@app/shared/domain/enums';
import { formatCurrency, formatNumber, formatPercent } from '@app/shared/domain/rules/formatting';
import {
  isLowSlotWarning,
  isUnlimited,
  remaining as remainingSlots,
  usageColour,
  usagePercentage,
} from '@app/shared/domain/rules/usage';
import { Badge } from '@/kit/ui/badge';
import { Card } from '@/kit/ui/card';
import { ProgressBar } from '@/kit/ui/progress-bar';
import { useToast } from '@/kit/ui/toast';
import { usePreferences } from '@/kit/preferences/preferences';
import { usePortfolio } from '../api/get-portfolio';
import { featureCheckQueryOptions, useFeatureCheck, useMySubscription } from '../api/get-subscription-limits';
import { AddAssetDialog } from './add-asset-dialog';
import { HoldingRow } from './holding-row';
import { PortfolioAnalysisDialog } from './portfolio-analysis-dialog';
import './portfolio.css';

const AllocationChart = lazy(() =>
  import('./portfolio-charts').then((module) => ({ default: module.AllocationChart })),
);

const USAGE_TONE = { green: 'success', yellow: 'warning', red: 'error' } as const;

export interface PortfolioPageProps {
  /** Demo visitors see the demo portfolio read-only: no write request leaves the browser. */
  isDemo: boolean;
  /** The upgrade dialog (composed in by the app from the gating feature). */
  renderUpgradeDialog: (props: { open: boolean; onClose: () => void }) => ReactNode;
}

/** Part 2 sections 2, 4, 5 and 8: the portfolio page. */
export function PortfolioPage({ isDemo, renderUpgradeDialog }: PortfolioPageProps) {
  const { t } = useTranslation(['portfolio', 'common', 'gating']);
  const { language } = usePreferences();
  const toast = useToast();
  const queryClient = useQueryClient();
  const portfolio = usePortfolio();
  const subscription = useMySubscription();
  const analytics = useFeatureCheck('advanced_analytics');
  const assetAccess = useFeatureCheck('portfolio_assets');
  const [expandedId, setExpandedId] = useState<string | null>(null);
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

  if (portfolio.isPending) {
    return (
      <Flex justifyContent="center" alignItems="center" gap="small" padding="xl" role="status">
        <Loader aria-hidden="true" />
        <Text>{t('portfolio:loading')}</Text>
      </Flex>
    );
  }

  const limits = subscription.data?.subscription.limits.portfolio_assets;
  const limit = limits?.limit ?? -1;
  const used = limits?.used ?? portfolio.data?.assets.length ?? 0;
  const slotsLeft = remainingSlots(used, limit);
  const unlimited = isUnlimited(limit);
  const percentage = usagePercentage(used, limit);
  const analyticsAllowed = analytics.data?.access.allowed ?? false;
  const accessDenied = assetAccess.data ? !assetAccess.data.access.allowed : false;
  const addDisabled = isDemo || (accessDenied && slotsLeft <= 0);
  const tierName = subscription.data ? t(`common:tiers.${subscription.data.subscription.tier}`) : '';

  async function openAddDialog() {
    try {
      const access = await queryClient.fetchQuery({
        ...featureCheckQueryOptions('portfolio_assets'),
        staleTime: 0,
      });
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
  const assets = portfolio.data?.assets ?? [];

  return (
    <Flex direction="column" gap="large" className="portfolio">
      <Flex justifyContent="space-between" alignItems="flex-start" wrap="wrap" gap="medium">
        <div>
          <Heading level={1}>{t('portfolio:title')}</Heading>
          <Text className="app-muted">{t('portfolio:subtitle')}</Text>
        </div>
        <Flex gap="small" wrap="wrap">
          <Button
            onClick={() => setAnalysisOpen(true)}
            isDisabled={!analyticsAllowed}
            title={
              analyticsAllowed
                ? undefined
                : t('portfolio:header.analysisLocked', {
                    tier: t(`common:tiers.${analytics.data?.access.required_tier ?? 'PREMIUM'}`),
                  })
            }
            data-testid="analysis-button"
          >
            {analyticsAllowed ? null : (
              <span className="portfolio__crown" aria-hidden="true">
                ♛
              </span>
            )}
            {t('portfolio:header.analysis')}
          </Button>
          <Button
            variation="primary"
            onClick={() => void openAddDialog()}
            isDisabled={addDisabled}
            data-testid="add-asset-button"
          >
            {t('portfolio:header.addAsset')}
            {limits && !unlimited ? (
              <span className="portfolio__usage-badge" data-testid="add-asset-usage">
                {t('portfolio:header.usageBadge', { used, limit })}
              </span>
            ) : null}
          </Button>
        </Flex>
      </Flex>

      {isDemo ? <Alert variation="info">{t('common:demo.description')}</Alert> : null}

      {portfolio.isError ? (
        <Alert variation="error" heading={t('portfolio:errorTitle')} data-testid="portfolio-error">
          {portfolio.error.message}
        </Alert>
      ) : null}

      {limits ? (
        <Card data-testid="plan-card">
          <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
            <Heading level={2} className="app-card-title">
              {t('portfolio:plan.title')}
            </Heading>
            <Badge variant={subscription.data?.subscription.tier === 'FREE' ? 'secondary' : 'default'}>
              {t('portfolio:plan.name', { plan: tierName })}
            </Badge>
          </Flex>
          <Text data-testid="plan-usage">
            {unlimited
              ? t('portfolio:plan.usageUnlimited', { used })
              : t('portfolio:plan.usage', { used, limit })}
          </Text>
          <Text>
            {t('portfolio:plan.remaining')}:{' '}
            <strong data-testid="plan-remaining">{unlimited ? t('common:infinity') : slotsLeft}</strong>
          </Text>
          <ProgressBar
            value={percentage}
            label={t('portfolio:plan.title')}
            tone={USAGE_TONE[usageColour(percentage)]}
          />
        </Card>
      ) : null}

      {limits && !unlimited ? (
        <Alert
          variation={slotsLeft <= 0 ? 'warning' : isLowSlotWarning(slotsLeft) ? 'warning' : 'info'}
          data-testid="slots-banner"
        >
          <Flex alignItems="center" gap="small" wrap="wrap">
            <span>
              {slotsLeft <= 0
                ? t('portfolio:plan.limitReached')
                : isLowSlotWarning(slotsLeft)
                  ? t('portfolio:plan.lowSlots', { count: slotsLeft })
                  : t('portfolio:plan.slotsRemaining', { count: slotsLeft })}
            </span>
            <Link to="/subscription">{t('portfolio:plan.viewPlans')}</Link>
            {slotsLeft <= 0 && !isDemo ? (
              <Button
                size="small"
                variation="primary"
                onClick={() => setUpgradeOpen(true)}
                data-testid="slots-upgrade"
              >
                {t('gating:gate.upgrade')}
              </Button>
            ) : null}
          </Flex>
        </Alert>
      ) : null}

      {summary ? (
        <div className="app-grid app-grid--3">
          {ASSET_TYPES.map((assetType) => {
            const entry = summary.by_type[assetType] ?? { total_value: 0, count: 0, percent: 0 };
            return (
              <Card key={assetType} data-testid={`type-card-${assetType}`}>
                <Text fontWeight="bold">{t(`common:assetTypesPlural.${assetType}`)}</Text>
                <Text className="portfolio__type-value">{formatCurrency(entry.total_value, language)}</Text>
                <Text className="app-muted">
                  {t('portfolio:typeCard.assetCount', { count: entry.count })}
                </Text>
                <Text className="app-muted">
                  {t('portfolio:typeCard.percentOfPortfolio', {
                    percent: formatNumber(entry.percent, language, 1),
                  })}
                </Text>
              </Card>
            );
          })}
        </div>
      ) : null}

      {summary && summary.asset_count > 0 ? (
        <Card>
          <Heading level={2} className="app-card-title">
            {t('portfolio:analysis.allocationByType')}
          </Heading>
          <Flex gap="large" wrap="wrap" alignItems="center">
            <div className="portfolio__allocation-chart" data-testid="allocation-chart">
              <Suspense fallback={<Loader />}>
                <AllocationChart
                  language={language}
                  slices={ASSET_TYPES.map((assetType) => ({
                    assetType,
                    value: summary.by_type[assetType]?.total_value ?? 0,
                    percent: summary.by_type[assetType]?.percent ?? 0,
                  }))}
                />
              </Suspense>
            </div>
            <dl className="app-definition-list">
              <dt>{t('portfolio:totals.totalValue')}</dt>
              <dd data-testid="portfolio-total-value">{formatCurrency(summary.total_value, language)}</dd>
              {summary.total_cost !== null ? (
                <>
                  <dt>{t('portfolio:totals.costBasis')}</dt>
                  <dd>{formatCurrency(summary.total_cost, language)}</dd>
                </>
              ) : null}
              {summary.total_gain !== null ? (
                <>
                  <dt>{t('portfolio:totals.totalGain')}</dt>
                  <dd>{formatCurrency(summary.total_gain, language)}</dd>
                </>
              ) : null}
              <dt>{t('portfolio:totals.dayChange')}</dt>
              <dd>{formatCurrency(summary.day_change_amount, language)}</dd>
              {summary.monthly_return_percent !== null ? (
                <>
                  <dt>{t('portfolio:totals.monthlyReturn')}</dt>
                  <dd>{formatPercent(summary.monthly_return_percent, language, { signed: true })}</dd>
                </>
              ) : null}
            </dl>
          </Flex>
        </Card>
      ) : null}

      <Card>
        <Heading level={2} className="app-card-title">
          {t('portfolio:list.title')}
        </Heading>
        {assets.length === 0 && !portfolio.isError ? (
          <div className="portfolio__empty">
            <Text fontWeight="bold">{t('portfolio:list.empty')}</Text>
            <Text className="app-muted">{t('portfolio:list.emptyHint')}</Text>
          </div>
        ) : (
          <ul className="portfolio__holdings" data-testid="holdings-list">
            {assets.map((asset) => (
              <HoldingRow
                key={asset.id}
                asset={asset}
                readOnly={isDemo}
                expanded={expandedId === asset.id}
                onToggle={() => setExpandedId((current) => (current === asset.id ? null : asset.id))}
              />
            ))}
          </ul>
        )}
      </Card>

      {isDemo ? null : <AddAssetDialog open={addOpen} onClose={() => setAddOpen(false)} />}
      {analyticsAllowed ? (
        <PortfolioAnalysisDialog open={analysisOpen} onClose={() => setAnalysisOpen(false)} />
      ) : null}
      {renderUpgradeDialog({ open: upgradeOpen, onClose: () => setUpgradeOpen(false) })}
    </Flex>
  );
}
