import { getGradeChain } from './grade-chain-service';
import { routes } from '@app/shared/api/areas/market';
import { createAreaHandler } from '../platform/http-handler';
import { rendererFor, type Render } from '../platform/messages';
import { createMarketDeps, type MarketDeps } from './market-deps';
import {
  analyzeBatch,
  analyzeNuggetBatch,
  analyzeStock,
  getNuggetAnalysis,
  getPriceHistory,
  getRationalityScore,
} from './analysis-service';
import { getAlerts, getEnhancedPrices, getPrices } from './market-service';
import { getAiHealth } from './health-service';
import { getMarketClock } from './market-clock-service';
import { analyzePortfolioHoldings, getPortfolioHistory } from './portfolio-service';
import { getRecommendationDetail, getRecommendations } from './recommendations-service';
import { getScoreHistory } from './score-history-service';
import { getCounterfactuals } from './counterfactuals-service';
import { getSymbolFactSheet, type SymbolCatalysts } from './fact-sheet-service';
import { askSymbolAnalyst } from './analyst/analyst-service';
import { analystDeps } from './analyst/analyst-deps';
import { screenUniverse } from './screener-service';
import { saveCostRecordToUsageTable } from '../data/costs-repository';
import { readSessionStateFromUsersTable } from '../data/session-states';

/**
 * The catalyst routes load on first use: 3 of the area's 24 routes need the news code (the sentiment
 * lexicon, the offline headline set, the EDGAR and RSS parsers), and a cold start for the others
 * should not evaluate it (bench/results.md, cold initialisation).
 */
async function loadCatalysts() {
  const [sources, catalysts, liveAlerts] = await Promise.all([
    import('../catalysts/catalyst-sources'),
    import('../catalysts/catalysts-service'),
    import('../catalysts/live-alerts-service'),
  ]);
  return { getCatalystRouteDeps: sources.getCatalystRouteDeps, ...catalysts, ...liveAlerts };
}

/** A fact sheet's catalysts: the symbol's news of the last 30 days, the longest the catalysts route reads. */
const CATALYST_HOURS_BACK = 24 * 30;

function symbolCatalysts(deps: MarketDeps, render: Render): SymbolCatalysts {
  return async (symbol) => {
    const news = await loadCatalysts();
    const routeDeps = news.getCatalystRouteDeps(deps.engine, deps.now);
    const query = { hours_back: CATALYST_HOURS_BACK, min_impact_score: 0, symbol };
    return (await news.getMarketCatalysts(query, render, routeDeps)).catalysts;
  };
}

export const handler = createAreaHandler(
  'market',
  routes,
  {
    health: async ({ language }, deps) => getAiHealth(rendererFor(language), deps),
    marketClock: async (_request, deps) => getMarketClock(deps),
    analyzeStock: async ({ body, auth, language }, deps) =>
      analyzeStock(body.symbol, auth, rendererFor(language), deps),
    analyzeBatch: async ({ body, auth, language }, deps) =>
      analyzeBatch(body.symbols, auth, rendererFor(language), deps),
    rationalityScore: async ({ params, auth }, deps) => getRationalityScore(params.symbol, auth, deps),
    analyzePortfolio: async ({ body, auth }, deps) => analyzePortfolioHoldings(body.holdings, auth, deps),
    recommendations: async ({ params, query, auth, language }, deps) =>
      getRecommendations(params.user, query.limit, auth, language, deps),
    recommendationDetail: async ({ params, auth, language }, deps) =>
      getRecommendationDetail(params.user, params.symbol, auth, language, deps),
    portfolioHistory: async ({ params, query, auth }, deps) =>
      getPortfolioHistory(params.user, query.limit, auth, deps),
    alerts: async ({ query, language }, deps) => getAlerts(query.limit, language, deps),
    nuggetAnalysis: async ({ params, auth, language }, deps) =>
      getNuggetAnalysis(params.symbol, auth, rendererFor(language), deps),
    nuggetBatch: async ({ body, auth, language }, deps) =>
      analyzeNuggetBatch(body.symbols, auth, rendererFor(language), deps),
    enhancedPrices: async ({ auth, language }, deps) => getEnhancedPrices(auth, rendererFor(language), deps),
    prices: async ({ auth }, deps) => getPrices(auth, deps),
    priceHistory: async ({ params, query }, deps) => getPriceHistory(params.symbol, query.days, deps),
    factSheet: async ({ params, auth, language }, deps) => {
      const render = rendererFor(language);
      return getSymbolFactSheet(params.symbol, auth, render, deps, symbolCatalysts(deps, render));
    },
    analyst: async ({ body, auth, language }, deps) =>
      askSymbolAnalyst(
        body,
        auth,
        language,
        deps,
        analystDeps(),
        symbolCatalysts(deps, rendererFor(language)),
      ),
    scoreHistory: async ({ params, query, auth }, deps) => getScoreHistory(params.symbol, query, auth, deps),
    counterfactuals: async ({ params, auth, language }, deps) =>
      getCounterfactuals(params.symbol, auth, rendererFor(language), deps),
    screener: async ({ query, auth, language }, deps) =>
      screenUniverse(query, auth, rendererFor(language), deps),
    gradeChain: async (_request, deps) => getGradeChain(deps),
    // Catalyst routes (functions/src/catalysts/): news on the replay timeline joined with the engine.
    contextualRecommendations: async ({ query, language }, deps) => {
      const news = await loadCatalysts();
      const routeDeps = news.getCatalystRouteDeps(deps.engine, deps.now);
      return news.getContextualRecommendations(query, rendererFor(language), routeDeps);
    },
    marketCatalysts: async ({ query, language }, deps) => {
      const news = await loadCatalysts();
      return news.getMarketCatalysts(
        query,
        rendererFor(language),
        news.getCatalystRouteDeps(deps.engine, deps.now),
      );
    },
    liveMarketAlerts: async ({ language }, deps) => {
      const news = await loadCatalysts();
      return news.getLiveMarketAlerts(
        rendererFor(language),
        news.getCatalystRouteDeps(deps.engine, deps.now),
      );
    },
  },
  {
    createDeps: createMarketDeps,
    recordCost: saveCostRecordToUsageTable,
    readSessionState: readSessionStateFromUsersTable,
  },
);
