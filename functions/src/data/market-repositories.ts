import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createFeedHealthRepository } from './feed-health-repository';
import { createFeedSummaryRepository } from './feed-summary-repository';
import { createJobRunsRepository } from './job-runs-repository';
import { createMarketAlertsRepository } from './market-alerts-repository';
import { createMarketDayRepository } from './market-day-repository';
import { createPricesRepository } from './prices-repository';
import { createRecommendationQueueRepository } from './recommendation-queue-repository';
import { createScoreHistoryRepository } from './score-history-repository';
import { createGradeChainRepository } from './grade-chain-repository';
import { createLiveOutcomeRepository } from './live-outcome-repository';

/** The market table's repositories (and the recommendation queue it feeds), as the market area and the price poll both need them. */
export function createMarketRepositories(
  client: DynamoDBDocumentClient,
  tables: { market: string; moderation: string },
) {
  const prices = createPricesRepository(client, tables.market);
  const feedHealth = createFeedHealthRepository(client, tables.market);
  return {
    prices,
    feedHealth,
    feedSummary: createFeedSummaryRepository(client, tables.market, { feedHealth, prices }),
    marketAlerts: createMarketAlertsRepository(client, tables.market),
    jobRuns: createJobRunsRepository(client, tables.market),
    scoreHistory: createScoreHistoryRepository(client, tables.market),
    gradeChain: createGradeChainRepository(client, tables.market),
    liveOutcomes: createLiveOutcomeRepository(client, tables.market),
    marketDay: createMarketDayRepository(client, tables.market),
    recommendationQueue: createRecommendationQueueRepository(client, tables),
  };
}
