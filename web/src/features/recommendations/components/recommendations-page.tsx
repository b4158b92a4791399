import { Alert, Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '@/kit/ui/page-loading';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state';
import { contract } from '@app/shared/api/contract';
import { RECOMMENDATIONS_LIST_LIMIT } from '@/lib/recommendations-list';
import type { Recommendation } from '@app/shared/domain/entities/market';
import type { AssetType, Tier } from '@app/shared/domain/enums';
import { formatDate } from '@app/shared/domain/rules/formatting';
import { isApiError } from '@/kit/api/api-client';
import { useRouteMutation } from '@/kit/api/route-mutation';
import { useRouteQuery } from '@/kit/api/route-query';
import { Badge } from '@/kit/ui/badge';
import { Card } from '@/kit/ui/card';
import { Tabs } from '@/kit/ui/tabs';
import { useToast } from '@/kit/ui/toast';
import { usePreferences } from '@/kit/preferences/preferences';
import { useFeatureAccess } from '@/lib/feature-access';
import { PerformanceBanner } from './performance-banner';
import {
  activeRecommendationFilterCount,
  applyRecommendationFilters,
  filtersFromSearch,
  searchWithFilters,
  sectorsOf,
} from './recommendation-filters';
import { RecommendationFiltersPanel } from './recommendation-filters-panel';
import { RecommendationCard } from './recommendation-card';
import { UpsellCard } from './upsell-card';
import { UsageCard } from './usage-card';
import './recommendations.css';

export type RecommendationsTab = 'all' | 'contextual' | 'stocks' | 'crypto' | 'alternatives';

const TAB_ASSET_TYPES: Record<Exclude<RecommendationsTab, 'all' | 'contextual'>, AssetType> = {
  stocks: 'stock',
  crypto: 'crypto',
  alternatives: 'alternative',
};

/** The list a tab shows: everything, or one asset type (from each recommendation's asset_type). */
export function recommendationsForTab(
  recommendations: readonly Recommendation[],
  tab: RecommendationsTab,
): Recommendation[] {
  if (tab === 'all' || tab === 'contextual') return [...recommendations];
  return recommendations.filter((item) => item.asset_type === TAB_ASSET_TYPES[tab]);
}

export interface RecommendationListProps {
  recommendations: readonly Recommendation[];
  listOwnerId: string;
  customAlerts: boolean;
  canWrite: boolean;
  onAdd: (recommendation: Recommendation, shares: number) => Promise<void>;
}

/**
 * The cards, with one detail open at a time (docs/product.md "Screens", recommendations), or the empty state.
 */
export function RecommendationList({ recommendations, ...cardProps }: RecommendationListProps) {
  const { t } = useTranslation('recommendations');
  const [expandedId, setExpandedId] = useState<string | null>(null);
  if (recommendations.length === 0) {
    return <EmptyState title={t('empty.title')} description={t('empty.description')} className="rec-empty" />;
  }
  return (
    <ul className="rec-list">
      {recommendations.map((recommendation) => (
        <li key={recommendation.id}>
          <RecommendationCard
            recommendation={recommendation}
            expanded={expandedId === recommendation.id}
            onToggle={() =>
              setExpandedId((current) => (current === recommendation.id ? null : recommendation.id))
            }
            {...cardProps}
          />
        </li>
      ))}
    </ul>
  );
}

function PhilosophyCard() {
  const { t } = useTranslation('recommendations');
  return (
    <Card className="rec-philosophy">
      <Heading level={2} fontSize="large">
        {t('philosophy.title')}
      </Heading>
      <Text>{t('philosophy.body')}</Text>
    </Card>
  );
}

export interface RecommendationsPageProps {
  /** Whose list: the signed-in user's id, or the public demo list. */
  userId: string;
  /** Signed-in users write (add to the portfolio); demo visitors only read. */
  canWrite: boolean;
  /** The Contextual Intelligence view, composed by the app (another feature). */
  contextual: ReactNode;
}

/** docs/product.md "Screens": the recommendations page. */
export function RecommendationsPage({ userId, canWrite, contextual }: RecommendationsPageProps) {
  const { t } = useTranslation(['recommendations', 'common']);
  const { language } = usePreferences();
  const toast = useToast();
  const [tab, setTab] = useState<RecommendationsTab>('all');
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const filterCount = activeRecommendationFilterCount(filters);
  const [filtersOpen, setFiltersOpen] = useState(filterCount > 0);
  const filtersId = useId();
  const recommendations = useRouteQuery(contract.ai.recommendations, {
    params: { user: userId },
    // Enough to never cut below the tier cap (PREMIUM 10); the server trims per tier and says so.
    query: { limit: RECOMMENDATIONS_LIST_LIMIT },
  });
  // 'healthy' means the engine's data is live and fresh (the LIVE AI badge).
  const health = useRouteQuery(contract.ai.health);
  // The daily recommendations quota of the current UTC day.
  const usage = useRouteQuery(contract.subscription.usageStats);
  const customAlerts = useFeatureAccess('custom_alerts').allowed;
  // Idempotent in the contract: one Idempotency-Key per user action, so a retried request adds once.
  const addHolding = useRouteMutation(contract.portfolio.add);

  const onAdd = async (recommendation: Recommendation, shares: number) => {
    try {
      await addHolding.mutateAsync({
        body: { symbol: recommendation.symbol, shares, asset_type: recommendation.asset_type },
      });
      toast.show({
        variant: 'success',
        title: t('card.addRational'),
        description: t('card.added', { symbol: recommendation.symbol }),
      });
    } catch (error: unknown) {
      const message = isApiError(error) ? error.message : String(error);
      toast.show({
        variant: 'error',
        title: t('common:status.error'),
        description: t('card.addFailed', { symbol: recommendation.symbol, message }),
      });
    }
  };

  // The header's badges, the usage card and the list all depend on these three answers (asked at once):
  // the page shows once they are in rather than moving its cards down as each arrives (CLS).
  if (recommendations.isPending || health.isPending || usage.isPending) {
    return <PageLoading label={t('loading')} />;
  }

  const data = recommendations.data;
  const tier: Tier | undefined = usage.data?.user_tier;
  const live = health.data?.status === 'healthy' && data !== undefined;
  const hiddenCount = data ? Math.max(0, data.total_available - data.recommendations.length) : 0;
  const latestAsOf = health.data?.latest_as_of;

  const list = (selected: RecommendationsTab) =>
    data ? (
      <RecommendationList
        recommendations={recommendationsForTab(
          applyRecommendationFilters(data.recommendations, filters),
          selected,
        )}
        listOwnerId={userId}
        customAlerts={customAlerts}
        canWrite={canWrite}
        onAdd={onAdd}
      />
    ) : null;

  return (
    <Flex direction="column" gap="large" className="rec-page">
      <div className="rec-header">
        <div>
          <Heading level={1}>{t('header.title')}</Heading>
          <Text className="app-muted">{t('header.subtitle')}</Text>
          <div className="rec-badges">
            {live ? (
              <Badge variant="success">
                {data?.data_mode === 'replay' ? t('header.replay') : t('header.live')}
              </Badge>
            ) : null}
            {tier ? (
              <Badge variant="info" data-testid="plan-badge">
                {t('header.planBadge', { plan: t(`common:tiers.${tier}`) })}
              </Badge>
            ) : null}
            {data?.data_mode === 'replay' ? (
              <Badge variant="warning" title={t('common:replay.description')}>
                {t('common:replay.badge')}
              </Badge>
            ) : null}
            {latestAsOf ? (
              <Text as="span" className="app-muted" fontSize="small">
                {t('common:dates.asOf', { date: formatDate(`${latestAsOf}T00:00:00Z`, language, 'UTC') })}
              </Text>
            ) : null}
          </div>
        </div>
        <div className="rec-badges">
          <Button
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            onClick={() => setFiltersOpen((open) => !open)}
            data-testid="rec-filters-toggle"
          >
            {t('filters.toggle')}
            {filterCount > 0 ? (
              <Badge variant="info" aria-label={t('filters.active', { count: filterCount })}>
                {filterCount}
              </Badge>
            ) : null}
          </Button>
          <Button onClick={() => void recommendations.refetch()} isDisabled={recommendations.isFetching}>
            {recommendations.isFetching ? t('refreshing') : t('refreshPrices')}
          </Button>
        </div>
      </div>
      {filtersOpen ? (
        <RecommendationFiltersPanel
          id={filtersId}
          filters={filters}
          sectors={sectorsOf(data?.recommendations ?? [])}
          onChange={(next) => setSearch(searchWithFilters(search, next), { replace: true })}
        />
      ) : null}

      <div className="rec-grid">
        {usage.data ? (
          <UsageCard
            used={usage.data.usage.daily_recommendations.used}
            limit={usage.data.usage.daily_recommendations.limit}
          />
        ) : null}
        <PerformanceBanner />
        <PhilosophyCard />
      </div>

      <UpsellCard hiddenCount={hiddenCount} />
      {data && hiddenCount > 0 ? (
        <Text className="app-muted">
          {t('showing', { shown: data.recommendations.length, total: data.total_available })}
        </Text>
      ) : null}

      {recommendations.isError ? (
        <Alert variation="error" role="alert" heading={t('loadFailed')}>
          <Button size="small" onClick={() => void recommendations.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : null}

      <Tabs<RecommendationsTab>
        value={tab}
        onChange={setTab}
        label={t('tabsLabel')}
        justify={false}
        items={[
          { value: 'all', label: t('tabs.all'), content: list('all') },
          { value: 'contextual', label: t('tabs.contextual'), content: contextual },
          { value: 'stocks', label: t('tabs.stocks'), content: list('stocks') },
          { value: 'crypto', label: t('tabs.crypto'), content: list('crypto') },
          { value: 'alternatives', label: t('tabs.alternatives'), content: list('alternatives') },
        ]}
      />
    </Flex>
  );
}
