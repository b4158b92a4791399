import { routes } from '@app/shared/api/areas/admin';
import type { CloudWatchClient } from '@aws-sdk/client-cloudwatch';
import { getConfig } from '../config';
import { createCostsRepository } from '../data/costs-repository';
import {
  createAnalystFallbacksRepository,
  type AnalystFallbacksRepository,
} from '../data/analyst-fallbacks-repository';
import { createDocumentClient } from '../platform/dynamo-client';
import { createContentQueueRepository, type ContentQueueRepository } from '../data/content-queue-repository';
import { createFeedHealthRepository, type FeedHealthRepository } from '../data/feed-health-repository';
import { createFeedSummaryRepository, type FeedSummaryRepository } from '../data/feed-summary-repository';
import { createReviewStatsReader, type ReviewStatsReader } from '../data/review-stats';
import { createJobRunsRepository, type JobRunsRepository } from '../data/job-runs-repository';
import { createPricesRepository, type PricesRepository } from '../data/prices-repository';
import {
  createRecommendationQueueRepository,
  type RecommendationQueueRepository,
  type StoredRecommendation,
} from '../data/recommendation-queue-repository';
import { checkDependencies } from '../platform/health';
import { createAreaHandler } from '../platform/http-handler';
import type { Language } from '@app/shared/domain/enums';
import { message } from '@app/shared/messages/message';
import { readStoredText } from '@app/shared/messages/stored-text';
import { ForbiddenError } from '../platform/errors';
import { render, rendererFor } from '../platform/messages';
import { currentRequestScope } from '../platform/request-scope';
import type { AuthContext } from '../platform/auth-context';
import type { AreaImplementations } from '../platform/route-types';
import { createRecordsCostSource, getCosts, type CostRowSource } from './costs-service';
import {
  createCloudWatchCostSource,
  type GetMetricDataOutput,
  type MetricDataClient,
} from './cloudwatch-cost-reader';
import { buildDashboard } from './dashboard-service';
import { buildPriceMonitoring } from './price-monitoring-service';
import type { MarketPlatformDeps } from './market-platform-status';
import { createSeriesRepository } from '../data/series-repository';
import { createProviderStateRepository } from '../data/provider-state-repository';
import { LIVE_PROVIDERS } from '../market-data/providers/registry';
import { listPage, moderateContent, reviewRecommendation, type Reviewer } from './review-service';
import { saveCostRecordToUsageTable } from '../data/costs-repository';
import { readSessionStateFromUsersTable } from '../data/session-states';
import {
  createContactMessagesRepository,
  type ContactMessagesRepository,
} from '../data/contact-messages-repository';
import { listInbox, setInboxHandled } from './inbox-service';
import {
  createPoolAuthenticatorCheck,
  requiringAuthenticator,
  type HasAuthenticator,
} from './admin-second-factor';

/**
 * The admin area. Every route is `access: 'admin'` in the contract: the platform refuses anyone
 * outside the Cognito ADMIN group (403, logged with the caller's id) before these run.
 */

export interface AdminDeps {
  recommendationQueue: RecommendationQueueRepository;
  contentQueue: ContentQueueRepository;
  inbox: ContactMessagesRepository;
  feedHealth: FeedHealthRepository;
  feedSummary: FeedSummaryRepository;
  reviewStats: ReviewStatsReader;
  quotesWrittenBetweenRuns: boolean;
  prices: PricesRepository;
  jobRuns: JobRunsRepository;
  analystFallbacks: AnalystFallbacksRepository;
  costs: CostRowSource;
  now: () => Date;
  pollIntervalSeconds: number;
  platform: MarketPlatformDeps;
}

/** The CloudWatch SDK loads only when finance first asks for costs in the cloud (it is not small). */
function lazyCloudWatchClient(region: string): MetricDataClient {
  let client: CloudWatchClient | undefined;
  return {
    async getMetricData(input) {
      const { CloudWatchClient, GetMetricDataCommand } = await import('@aws-sdk/client-cloudwatch');
      client ??= new CloudWatchClient({ region, maxAttempts: 3 });
      const output = await client.send(new GetMetricDataCommand(input));
      return output as GetMetricDataOutput;
    },
  };
}

export function createAdminDeps(): AdminDeps {
  const config = getConfig();
  const client = createDocumentClient(config);
  const costSource = config.COST_SOURCE ?? (config.COST_RECORDS === 'dynamodb' ? 'records' : 'cloudwatch');
  const feedHealth = createFeedHealthRepository(client, config.TABLE_MARKET);
  const prices = createPricesRepository(client, config.TABLE_MARKET);
  return {
    recommendationQueue: createRecommendationQueueRepository(client, {
      moderation: config.TABLE_MODERATION,
      market: config.TABLE_MARKET,
    }),
    contentQueue: createContentQueueRepository(client, config.TABLE_MODERATION),
    inbox: createContactMessagesRepository(client, {
      moderation: config.TABLE_MODERATION,
      usage: config.TABLE_USAGE,
    }),
    feedHealth,
    feedSummary: createFeedSummaryRepository(client, config.TABLE_MARKET, { feedHealth, prices }),
    reviewStats: createReviewStatsReader(client, config.TABLE_MODERATION),
    quotesWrittenBetweenRuns: config.DATA_MODE === 'live',
    prices,
    jobRuns: createJobRunsRepository(client, config.TABLE_MARKET),
    analystFallbacks: createAnalystFallbacksRepository(client, config.TABLE_USAGE),
    costs:
      costSource === 'records'
        ? createRecordsCostSource(createCostsRepository(client, config.TABLE_USAGE))
        : createCloudWatchCostSource(lazyCloudWatchClient(config.AWS_REGION), {
            namespace: process.env.POWERTOOLS_METRICS_NAMESPACE ?? 'Nugget',
            service: process.env.POWERTOOLS_SERVICE_NAME ?? `nugget-${config.STAGE}`,
          }),
    now: () => new Date(),
    pollIntervalSeconds: config.PRICE_POLL_INTERVAL_SECONDS,
    platform: {
      series: createSeriesRepository(client, config.TABLE_MARKET),
      providerState: createProviderStateRepository(client, config.TABLE_MARKET),
      providers: config.DATA_MODE === 'live' ? LIVE_PROVIDERS : [],
      breakerOpenSeconds: config.PROVIDER_BREAKER_OPEN_SECONDS,
      dataMode: config.DATA_MODE,
      now: () => new Date(),
    },
  };
}

/** The admin behind the request (the platform guarantees one), and the ADMIN tier of the metrics. */
function adminOf(request: { auth: AuthContext; language: Language }, deps: AdminDeps): Reviewer {
  if (request.auth.kind !== 'user' || !request.auth.isAdmin)
    throw new ForbiddenError(message('AUTH_ADMIN_REQUIRED'));
  const scope = currentRequestScope();
  if (scope) scope.tier = 'ADMIN';
  return { userId: request.auth.userId, now: deps.now, render: rendererFor(request.language) };
}

/** A queued recommendation's reasoning in the admin's language (a message, or an old row's text). */
function reasoningIn(item: StoredRecommendation, language: Language): string {
  if (typeof item.reasoning === 'string' && item.reasoning_localized)
    return item.reasoning_localized[language];
  return readStoredText(item.reasoning, language, (stored) => render(stored, language));
}

export const adminImplementations: AreaImplementations<typeof routes, AdminDeps> = {
  dashboard: async (request, deps) => {
    return buildDashboard(deps, adminOf(request, deps).render);
  },

  pendingRecommendations: async (request, deps) => {
    adminOf(request, deps);
    const page = await listPage(
      (pageRequest) => deps.recommendationQueue.listPendingRecommendations(pageRequest),
      {
        limit: request.query.limit,
        ...(request.query.cursor ? { cursor: request.query.cursor } : {}),
      },
    );
    return {
      pending_recommendations: page.items.map((item) => ({
        id: item.id,
        symbol: item.symbol,
        recommendation: item.recommendation,
        risk_level: item.risk_level,
        confidence: item.confidence,
        ai_score: item.ai_score,
        reasoning: reasoningIn(item, request.language),
        target_price: item.target_price,
        generated_at: item.generated_at,
        status: item.status,
        // The bar graded and the market date read: a reviewer sees which date the advice is about.
        ...(typeof item.as_of === 'string' ? { as_of: item.as_of } : {}),
        ...(typeof item.market_date === 'string' ? { market_date: item.market_date } : {}),
        ...(item.data_mode === 'replay' || item.data_mode === 'live' ? { data_mode: item.data_mode } : {}),
      })),
      next_cursor: page.nextCursor,
    };
  },

  reviewRecommendation: async (request, deps) =>
    reviewRecommendation(deps.recommendationQueue, adminOf(request, deps), request.params.id, request.body),

  socialStudio: async (request, deps) => {
    adminOf(request, deps);
    const page = await listPage((pageRequest) => deps.contentQueue.listPendingContent(pageRequest), {
      limit: request.query.limit,
      ...(request.query.cursor ? { cursor: request.query.cursor } : {}),
    });
    return {
      content_for_review: page.items.map((item) => ({
        id: item.id,
        type: item.type,
        target_audience: item.target_audience,
        language: item.language,
        content: item.content,
        hashtags: item.hashtags,
        generated_at: item.generated_at,
        status: item.status,
      })),
      next_cursor: page.nextCursor,
    };
  },

  moderateContent: async (request, deps) =>
    moderateContent(deps.contentQueue, adminOf(request, deps), request.params.id, request.body),

  priceMonitoring: async (request, deps) => {
    return buildPriceMonitoring(deps, adminOf(request, deps).render);
  },

  health: async (request, deps) => {
    adminOf(request, deps);
    return checkDependencies('admin', [() => deps.contentQueue.getContentStats()]);
  },

  costs: async (request, deps) => {
    return getCosts(deps.costs, request.query, deps.now(), adminOf(request, deps).render);
  },

  inbox: async (request, deps) => {
    adminOf(request, deps);
    return listInbox(deps.inbox, {
      limit: request.query.limit,
      ...(request.query.cursor ? { cursor: request.query.cursor } : {}),
    });
  },

  setInboxHandled: async (request, deps) => {
    adminOf(request, deps);
    return setInboxHandled(deps.inbox, request.params.id, request.body.handled, deps.now());
  },
};

let hasAuthenticator: HasAuthenticator | undefined;

export const handler = createAreaHandler(
  'admin',
  routes,
  requiringAuthenticator(
    adminImplementations,
    () => (hasAuthenticator ??= createPoolAuthenticatorCheck(getConfig())),
  ),
  {
    createDeps: createAdminDeps,
    recordCost: saveCostRecordToUsageTable,
    readSessionState: readSessionStateFromUsersTable,
  },
);
