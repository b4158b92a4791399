import { Flex } from '@aws-amplify/ui-react';
import { useEffect } from 'react';
import { contract } from '@app/shared/api/contract';
import type { Tier } from '@app/shared/domain/enums';
import { useRouteQuery } from '@/kit/api/route-query';
import {
  DASHBOARD_RECOMMENDATIONS_LIMIT,
  DASHBOARD_RECOMMENDATIONS_SHOWN,
  useMarketSnapshot,
} from '../api/get-dashboard-data';
import { MarketColumns } from './market-columns';
import { NuggetPicks } from './nugget-picks';
import { PortfolioValueCard } from './pictures/portfolio-value-card';
import { StatCards } from './stat-cards';
import { isNewAccount } from '@/lib/new-account';
import { WelcomeCard } from './welcome-card';
import './dashboard.css';

export interface DashboardPageProps {
  name: string;
  tier: Tier;
  isDemo: boolean;
  /**
   * The signed-in user's id, or 'demo_user' for a demo visitor (docs/product.md "Roles, plans and demo
   * mode").
   */
  recommendationsUserId: string;
}

/**
 * docs/product.md "Screens", dashboard. The request budget is 4 (5 for a signed-in user): the API root
 * (required on load), the recommendations, the enhanced prices, the portfolio summary and, signed in, the
 * ledger's performance (the user's own return over their holding period). Each card shows a skeleton until
 * its own data answers, never a placeholder figure. `GET /api/ai/health` is not called: the enhanced-prices
 * answer is produced by the same engine, and its status 'success' is what marks the AI live here (any failure
 * marks it offline and empties the recommendations, as docs/product.md "Screens" says). The plain prices are
 * a fifth call only on the fallback path.
 */
export function DashboardPage({ name, isDemo, recommendationsUserId }: DashboardPageProps) {
  const root = useRouteQuery(contract.public.root);
  // The same cache entry as the portfolio screen's list: one route, one key.
  const portfolio = useRouteQuery(contract.portfolio.list);
  const recommendations = useRouteQuery(contract.ai.recommendations, {
    params: { user: recommendationsUserId },
    query: { limit: DASHBOARD_RECOMMENDATIONS_LIMIT },
  });
  const market = useMarketSnapshot();
  // The user's own returns come from the ledger (a demo visitor has none: the demo month is shown).
  const performance = useRouteQuery(contract.portfolio.performance, { query: {} }, { enabled: !isDemo });

  useEffect(() => {
    if (root.data) console.info(root.data.message);
  }, [root.data]);

  const aiLive =
    market.data?.kind === 'enhanced' && market.data.data.status === 'success' && !recommendations.isError;
  const anyError = market.isError || recommendations.isError || market.data?.kind === 'plain';
  const loadedRecommendations = anyError ? [] : (recommendations.data?.recommendations ?? []);
  const dataMode = market.data?.data.data_mode ?? root.data?.data_mode;
  const isReplay = dataMode === 'replay';
  // Every figure of the page belongs to the market date the prices were read at (the header names it).
  const replayDate = isReplay ? (market.data?.data.market_date ?? portfolio.data?.market_date ?? null) : null;

  const aiPending = market.isPending || recommendations.isPending;
  const picks = loadedRecommendations.slice(0, DASHBOARD_RECOMMENDATIONS_SHOWN);
  return (
    <Flex direction="column" gap="large" className="dashboard">
      <WelcomeCard
        name={name}
        aiLive={aiLive}
        aiPending={aiPending}
        replayDate={replayDate}
        isDemo={isDemo}
        isNewAccount={!isDemo && isNewAccount(recommendationsUserId)}
      />
      <StatCards
        portfolio={portfolio.data}
        picks={aiPending ? undefined : loadedRecommendations}
        returns={isDemo ? 'demo' : performance.isError ? null : performance.data?.returns}
        aiLive={aiLive}
        replayDate={replayDate}
      />
      {!isDemo && performance.data ? <PortfolioValueCard performance={performance.data} /> : null}
      <MarketColumns
        snapshot={market.data}
        pending={market.isPending}
        failed={market.isError}
        isReplay={isReplay}
      />
      {aiLive && picks.length > 0 ? <NuggetPicks picks={picks} replayDate={replayDate} /> : null}
    </Flex>
  );
}
