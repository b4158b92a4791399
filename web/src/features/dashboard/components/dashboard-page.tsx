import { Flex } from '@aws-amplify/ui-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { contract } from '@app/shared/api/contract';
import type { CallOutput } from '@/kit/api/api-client';
import { useRouteQuery } from '@/kit/api/route-query';
import { keepAnswer, keptAnswers, type KeptPart } from '@/lib/kept-answers';
import { RECOMMENDATIONS_LIST_LIMIT } from '@/lib/recommendations-list';
import { DASHBOARD_RECOMMENDATIONS_SHOWN, useMarketSnapshot } from '../api/get-dashboard-data';
import { StatCards, type StatCardsProps } from './stat-cards';
import { isNewAccount } from '@/lib/new-account';
import { WelcomeCard } from './welcome-card';
import './dashboard.css';

// Below the first screen (the greeting and the stat cards): their code loads after the first paint.
const MarketColumns = lazy(() => import('./market-columns').then((m) => ({ default: m.MarketColumns })));
const NuggetPicks = lazy(() => import('./nugget-picks').then((m) => ({ default: m.NuggetPicks })));
const PortfolioValueCard = lazy(() =>
  import('./pictures/portfolio-value-card').then((m) => ({ default: m.PortfolioValueCard })),
);

export interface DashboardPageProps {
  /** Null while the session is checked and no name is remembered: the greeting shows a skeleton. */
  name: string | null;
  isDemo: boolean;
  /**
   * The signed-in user's id, or 'demo_user' for a demo visitor (docs/product.md "Roles, plans and demo
   * mode").
   */
  recommendationsUserId: string;
}

/**
 * The user's own returns come from the ledger: undefined while the first screen loads, null when the ledger
 * cannot answer; a demo visitor has none, so the demo holdings' month is shown.
 */
function returnsOf(
  isDemo: boolean,
  firstScreen: { isError: boolean; data?: CallOutput<typeof contract.portfolio.dashboard> | undefined },
): StatCardsProps['returns'] {
  if (isDemo) return 'demo';
  if (firstScreen.isError) return null;
  return firstScreen.data ? (firstScreen.data.performance?.returns ?? null) : undefined;
}

/** The earliest of ISO dates (they sort as text), or null when there is none. */
function oldestDate(dates: (string | undefined)[]): string | null {
  return dates.filter((date) => date !== undefined).sort()[0] ?? null;
}

/** Keeps a query's fresh answer for the next visit (lib/kept-answers.ts); kept answers are not kept again. */
function useKeepAnswer(
  userId: string | null,
  part: KeptPart,
  query: { data?: unknown; isPlaceholderData: boolean },
): void {
  const fresh = query.isPlaceholderData ? undefined : query.data;
  useEffect(() => {
    if (userId && fresh !== undefined) keepAnswer(userId, part, fresh);
  }, [userId, part, fresh]);
}

/**
 * docs/product.md "Screens", dashboard. Requests: the API root (required on load), the recommendations (the
 * sidebar's request, one cached answer: lib/recommendations-list.ts), the enhanced prices and, signed in,
 * GET /api/portfolio/dashboard (the portfolio and the ledger's performance in one call, composed on the
 * server). That route needs a signed-in user: a demo visitor has no token, so the demo dashboard keeps
 * GET /api/portfolio (and has no ledger). Each card shows a skeleton until its own data answers, never a
 * placeholder figure. `GET /api/ai/health` is not called: the enhanced-prices answer is produced by the same
 * engine, and its status 'success' is what marks the AI live here (any failure marks it offline and empties
 * the recommendations, as docs/product.md "Screens" says). The plain prices are a further call only on the
 * fallback path.
 */
export function DashboardPage({ name, isDemo, recommendationsUserId }: DashboardPageProps) {
  // docs/product.md "Screens", session: a returning investor's last answers paint the cards until the fresh
  // ones replace them; a demo visitor's are not kept.
  const keptFor = isDemo ? null : recommendationsUserId;
  const [kept] = useState(() => (keptFor ? keptAnswers(keptFor) : {}));
  const root = useRouteQuery(contract.public.root);
  const firstScreen = useRouteQuery(contract.portfolio.dashboard, undefined, {
    enabled: !isDemo,
    placeholderData: kept.firstScreen as CallOutput<typeof contract.portfolio.dashboard> | undefined,
  });
  // The same cache entry as the portfolio screen's list: one route, one key.
  const demoPortfolio = useRouteQuery(contract.portfolio.list, undefined, { enabled: isDemo });
  const recommendations = useRouteQuery(
    contract.ai.recommendations,
    { params: { user: recommendationsUserId }, query: { limit: RECOMMENDATIONS_LIST_LIMIT } },
    { placeholderData: kept.recommendations as CallOutput<typeof contract.ai.recommendations> | undefined },
  );
  const market = useMarketSnapshot();
  useKeepAnswer(keptFor, 'firstScreen', firstScreen);
  useKeepAnswer(keptFor, 'recommendations', recommendations);
  const portfolio = isDemo ? demoPortfolio.data : firstScreen.data?.portfolio;
  const performance = firstScreen.data?.performance;
  const returns = returnsOf(isDemo, firstScreen);

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
  const replayDate = isReplay ? (market.data?.data.market_date ?? portfolio?.market_date ?? null) : null;

  const aiPending = market.isPending || recommendations.isPending;
  // The AI's status is not claimed from a kept answer: the badge says whose figures are shown instead, with
  // the market date of the kept parts themselves (a fresh part's later date is not theirs); the oldest when
  // the two kept parts differ.
  const keptDate = oldestDate([
    firstScreen.isPlaceholderData ? firstScreen.data?.portfolio.market_date : undefined,
    recommendations.isPlaceholderData ? recommendations.data?.market_date : undefined,
  ]);
  const picks = loadedRecommendations.slice(0, DASHBOARD_RECOMMENDATIONS_SHOWN);
  return (
    <Flex direction="column" gap="large" className="dashboard">
      <WelcomeCard
        name={name}
        aiLive={aiLive}
        aiPending={aiPending}
        keptDate={keptDate}
        replayDate={replayDate}
        isDemo={isDemo}
        isNewAccount={!isDemo && isNewAccount(recommendationsUserId)}
      />
      <StatCards
        portfolio={portfolio}
        picks={aiPending ? undefined : loadedRecommendations}
        returns={returns}
        aiLive={aiLive}
        replayDate={replayDate}
      />
      {/* One boundary each: a card whose code arrives later never hides one already shown. */}
      <Suspense fallback={null}>
        {!isDemo && performance ? <PortfolioValueCard performance={performance} /> : null}
      </Suspense>
      <Suspense fallback={null}>
        <MarketColumns
          snapshot={market.data}
          pending={market.isPending}
          failed={market.isError}
          isReplay={isReplay}
        />
      </Suspense>
      <Suspense fallback={null}>
        {aiLive && picks.length > 0 ? <NuggetPicks picks={picks} replayDate={replayDate} /> : null}
      </Suspense>
    </Flex>
  );
}
