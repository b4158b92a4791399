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
import { analyzePortfolioHoldings, getPortfolioHistory } from './portfolio-service';
import { getRecommendationDetail, getRecommendations } from './recommendations-service';
import { saveCostRecordToUsageTable } from '../data/costs-repository';

/**
 * The catalyst routes load on first use: 3 of the area's 17 routes need the news code (the sentiment
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
    analyzeStock: async ({ body, auth }, deps) => analyzeStock(body.symbol, auth, deps),
    analyzeBatch: async ({ body, auth }, deps) => analyzeBatch(body.symbols, auth, deps),
    rationalityScore: async ({ params, auth }, deps) => getRationalityScore(params.symbol, auth, deps),
    analyzePortfolio: async ({ body, auth }, deps) => analyzePortfolioHoldings(body.holdings, auth, deps),
    recommendations: async ({ params, query, auth }, deps) =>
      getRecommendations(params.user, query.limit, auth, deps),
    recommendationDetail: async ({ params, auth }, deps) =>
      getRecommendationDetail(params.user, params.symbol, auth, deps),
    portfolioHistory: async ({ params, query, auth }, deps) =>
      getPortfolioHistory(params.user, query.limit, auth, deps),
    alerts: async ({ query }, deps) => getAlerts(query.limit, deps),
    nuggetAnalysis: async ({ params, auth }, deps) => getNuggetAnalysis(params.symbol, auth, deps),
    nuggetBatch: async ({ body, auth }, deps) => analyzeNuggetBatch(body.symbols, auth, deps),
    enhancedPrices: async ({ auth }, deps) => getEnhancedPrices(auth, deps),
    prices: async ({ auth }, deps) => getPrices(auth, deps),
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
