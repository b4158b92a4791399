import { createAreaHandler } from '../platform/http-handler';
import { createAiDeps } from './ai-deps';
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
import { getRecommendations } from './recommendations-service';
import { saveCostRecordToUsageTable } from '../data/costs-repository';

/**
 * The catalyst routes load on first use: 3 of the area's 18 routes need the news code (the sentiment
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

export const handler = createAreaHandler(
  'ai',
  {
    health: async (_request, deps) => getAiHealth(deps),
    marketClock: async (_request, deps) => getMarketClock(deps),
    analyzeStock: async ({ body }, deps) => analyzeStock(body.symbol, deps),
    analyzeBatch: async ({ body }, deps) => analyzeBatch(body.symbols, deps),
    rationalityScore: async ({ params }, deps) => getRationalityScore(params.symbol, deps),
    analyzePortfolio: async ({ body }, deps) => analyzePortfolioHoldings(body.holdings, deps),
    recommendations: async ({ params, query, auth }, deps) =>
      getRecommendations(params.user, query.limit, auth, deps),
    portfolioHistory: async ({ params, query, auth }, deps) =>
      getPortfolioHistory(params.user, query.limit, auth, deps),
    alerts: async ({ query }, deps) => getAlerts(query.limit, deps),
    nuggetAnalysis: async ({ params }, deps) => getNuggetAnalysis(params.symbol, deps),
    nuggetBatch: async ({ body }, deps) => analyzeNuggetBatch(body.symbols, deps),
    enhancedPrices: async (_request, deps) => getEnhancedPrices(deps),
    prices: async (_request, deps) => getPrices(deps),
    priceHistory: async ({ params, query }, deps) => getPriceHistory(params.symbol, query.days, deps),
    // Catalyst routes (functions/src/catalysts/): news on the replay timeline joined with the engine.
    contextualRecommendations: async ({ query }, deps) => {
      const news = await loadCatalysts();
      return news.getContextualRecommendations(query, news.getCatalystRouteDeps(deps.engine, deps.now));
    },
    marketCatalysts: async ({ query }, deps) => {
      const news = await loadCatalysts();
      return news.getMarketCatalysts(query, news.getCatalystRouteDeps(deps.engine, deps.now));
    },
    liveMarketAlerts: async (_request, deps) => {
      const news = await loadCatalysts();
      return news.getLiveMarketAlerts(news.getCatalystRouteDeps(deps.engine, deps.now));
    },
  },
  { createDeps: createAiDeps, recordCost: saveCostRecordToUsageTable },
);
