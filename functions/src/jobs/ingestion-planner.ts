import type { ScheduledEvent } from 'aws-lambda';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import pLimit from 'p-limit';
import { getConfig } from '../config';
import { planIngestion } from '../market-data/ingestion/plan-ingestion';
import { saveCostRecordToUsageTable } from '../data/costs-repository';
import { runMeteredJob } from '../platform/cost-recorder';
import { logger, metrics } from '../platform/observability';
import { LIVE_PROVIDERS } from '../market-data/providers/registry';
import { createIngestionDeps, type IngestionDeps } from './ingestion-deps';

/*
 * The ingestion planner (EventBridge schedule in the cloud, the local scheduler's timer locally):
 * reads every tracked series and the reference lists' fetch times, starts tracking the seeds
 * (the watched list, the replay's series), and sends the planned messages to the ingestion queues
 * (market-data/ingestion/plan-ingestion.ts). It fetches nothing itself.
 *
 * It also reports each provider's breaker as the metric ProviderBreakerOpen (1 open, 0 closed), so an
 * alarm can fire when a breaker stays open (infra/lib/stacks/observability-stack.ts).
 */

export const BREAKER_OPEN_METRIC = 'ProviderBreakerOpen';

/**
 * New series written at once: each is a conditional put (a BatchWrite cannot carry the condition), and
 * one after the other 2,000 of them held the first request back by seconds (bench section 8).
 */
export const NEW_SERIES_WRITE_CONCURRENCY = 16;

export interface PlannerSummary {
  tracked: number;
  started: number;
  sent: number;
  openBreakers: string[];
}

export async function runIngestionPlanner(
  deps: IngestionDeps,
  now = deps.worker.now(),
): Promise<PlannerSummary> {
  const [series, secMeta, coinMeta] = await Promise.all([
    deps.series.listSeries(),
    deps.reference.getMeta('sec-tickers'),
    deps.reference.getMeta('coingecko-coins'),
  ]);
  const plan = planIngestion({
    series,
    seeds: deps.seeds(),
    referenceFetchedAt: {
      'sec-tickers': secMeta?.fetched_at ?? null,
      'coingecko-coins': coinMeta?.fetched_at ?? null,
    },
    live: deps.live,
    now,
    jitterSeconds: deps.jitterSeconds,
  });
  // A seed another planner run added meanwhile is already tracked: its conditional write fails, fine.
  const limit = pLimit(NEW_SERIES_WRITE_CONCURRENCY);
  await Promise.all(plan.newSeries.map((state) => limit(() => deps.series.putSeries(state))));
  const sent = await deps.queue.send(plan.messages);
  const openBreakers: string[] = [];
  for (const provider of deps.live ? LIVE_PROVIDERS : []) {
    const breaker = await deps.providerState.getBreaker(provider);
    const open = breaker?.state === 'open';
    if (open) openBreakers.push(provider);
    metrics.addDimensions({ provider });
    metrics.addMetric(BREAKER_OPEN_METRIC, MetricUnit.Count, open ? 1 : 0);
    metrics.publishStoredMetrics();
  }
  return {
    tracked: series.length + plan.newSeries.length,
    started: plan.newSeries.length,
    sent,
    openBreakers,
  };
}

let lambdaDeps: IngestionDeps | undefined;

/** EventBridge scheduled rule target. */
export async function handler(_event?: Partial<ScheduledEvent>): Promise<PlannerSummary> {
  lambdaDeps ??= createIngestionDeps(getConfig());
  const deps = lambdaDeps;
  return runMeteredJob(
    'ingestion-planner',
    async () => {
      const summary = await runIngestionPlanner(deps);
      logger.info('ingestion planned', { ...summary });
      return summary;
    },
    { recordCost: saveCostRecordToUsageTable },
  );
}
