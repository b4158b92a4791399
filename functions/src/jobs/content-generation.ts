import { rendererFor } from '../platform/messages';
import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { getConfig } from '../config';
import {
  CONTENT_LANGUAGES,
  planDailyContent,
  type ContentBrief,
  type ContentGenerator,
} from '../content/content-generator';
import {
  catalystBriefOf,
  deterministicUlid,
  gradeReplayUniverse,
  startOfUtcDay,
  type CatalystSource,
} from '../content/content-brief';
import { hasDisclaimer, PromiseLanguageError, findPromiseLanguage } from '../content/content-policy';
import { createBedrockContentGenerator } from '../content/bedrock-content-generator';
import { createTemplateContentGenerator } from '../content/template-content-generator';
import { createDocumentClient } from '../platform/dynamo-client';
import { createContentQueueRepository, type ContentQueueRepository } from '../data/content-queue-repository';
import {
  createPriceSource,
  createReplayClockFromConfig,
  loadReplayUniverseOnce,
} from '../market-data/price-source';
import { createMarketEngine } from '../market-data/market-engine';
import { createCatalystRouteDeps } from '../catalysts/catalyst-sources';
import { getMarketCatalysts } from '../catalysts/catalysts-service';
import { runMeteredJob, type JobMeter } from '../platform/cost-recorder';
import { logger } from '../platform/observability';
import { saveCostRecordToUsageTable } from '../data/costs-repository';

/**
 * Daily EventBridge job (06:00 UTC in the cloud, the local timer on the local stack): writes the day's
 * social posts from the engine's graded assets and the catalysts, and queues them for moderation.
 *
 * Idempotent per UTC day: post ids are derived from (day, slot, language), each is stored only if
 * absent, and a day marker written at the end makes later runs of the same day return at once.
 */

export const JOB_NAME = 'content-generation';

export interface ContentGenerationDeps {
  now: () => Date;
  /** The facts of the day: graded assets and catalysts. */
  loadBrief: (day: string) => Promise<ContentBrief>;
  generator: ContentGenerator;
  repository: Pick<ContentQueueRepository, 'saveGeneratedContent' | 'getContentDay' | 'markContentDay'>;
  meter?: JobMeter;
}

export interface ContentGenerationResult {
  day: string;
  generator: string;
  /** True when the day's posts existed already and nothing was generated. */
  already_generated: boolean;
  planned: number;
  stored: number;
  existing: number;
  failed: number;
  ids: string[];
}

export function utcDayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function contentIdOf(day: string, slot: number, language: string): string {
  return deterministicUlid(startOfUtcDay(day).getTime(), `content|${day}|${slot}|${language}`);
}

export async function runContentGeneration(
  deps: ContentGenerationDeps,
  options: { day?: string } = {},
): Promise<ContentGenerationResult> {
  const day = options.day ?? utcDayOf(deps.now());
  const result: ContentGenerationResult = {
    day,
    generator: deps.generator.name,
    already_generated: false,
    planned: 0,
    stored: 0,
    existing: 0,
    failed: 0,
    ids: [],
  };
  if (await deps.repository.getContentDay(day)) return { ...result, already_generated: true };

  const requests = planDailyContent(await deps.loadBrief(day));
  result.planned = requests.length;
  for (const request of requests) {
    const id = contentIdOf(day, request.slot, request.language);
    try {
      const post = await deps.generator.generate(request);
      if (post.usage) deps.meter?.addModelUsage(post.usage.inputTokens, post.usage.outputTokens);
      // Whatever generator wrote it, the policy is checked once more before it can be queued.
      const promises = findPromiseLanguage(post.content);
      if (promises.length > 0) throw new PromiseLanguageError(promises);
      if (!hasDisclaimer(post.content, request.language)) throw new Error('post lacks the disclaimer');
      const stored = await deps.repository.saveGeneratedContent({
        id,
        type: request.type,
        target_audience: request.audience,
        language: request.language,
        content: post.content,
        hashtags: post.hashtags,
        generated_at: deps.now().toISOString(),
        day,
        source_symbols: [request.focus.symbol],
        generator: deps.generator.name,
      });
      if (stored) result.stored += 1;
      else result.existing += 1;
      result.ids.push(id);
    } catch (error: unknown) {
      result.failed += 1;
      logger.error('content post not generated', {
        day,
        slot: request.slot,
        language: request.language,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  // A day with failures stays unmarked, so the next run fills the gaps (stored posts are kept).
  if (result.failed === 0 && result.planned > 0) {
    await deps.repository.markContentDay(day, result.stored + result.existing, deps.now().toISOString());
  }
  return result;
}

/** The catalyst engine's window and floor for the day's posts (the contextual view's defaults). */
export const CATALYST_HOURS_BACK = 48;
export const CATALYST_MIN_IMPACT = 30;

/**
 * Catalysts from the catalyst engine (engine/catalysts, catalysts/), judged at the start of the day. Posts are still
 * written when the news cannot be read: the catalysts add context, the grades are the substance.
 */
function createCatalystSource(): CatalystSource {
  const config = getConfig();
  return {
    async listCatalysts(at) {
      try {
        const engine = createMarketEngine(createPriceSource(config, { now: () => at }));
        const deps = createCatalystRouteDeps({
          engine,
          config,
          now: () => at,
          reportError: (message, error) =>
            logger.warn(message, { error: error instanceof Error ? error.message : String(error) }),
        });
        const response = await getMarketCatalysts(
          { hours_back: CATALYST_HOURS_BACK, min_impact_score: CATALYST_MIN_IMPACT },
          // Only the catalysts' data is used (titles, types, levels), not the route's notices.
          rendererFor('en'),
          deps,
        );
        return response.catalysts.map(catalystBriefOf);
      } catch (error: unknown) {
        logger.warn('content generation without catalysts', {
          error: error instanceof Error ? error.message : String(error),
        });
        return [];
      }
    },
  };
}

function createGenerator(): ContentGenerator {
  const config = getConfig();
  if (config.CONTENT_GENERATOR === 'bedrock') {
    let client: BedrockRuntimeClient | undefined;
    return createBedrockContentGenerator({
      modelId: config.BEDROCK_MODEL_ID,
      invoker: {
        // Loaded only when the cloud job uses Bedrock, so the template path stays light.
        async invokeModel(input) {
          const { BedrockRuntimeClient, InvokeModelCommand } =
            await import('@aws-sdk/client-bedrock-runtime');
          client ??= new BedrockRuntimeClient({ region: config.AWS_REGION, maxAttempts: 3 });
          const output = await client.send(new InvokeModelCommand(input));
          return { body: output.body, ...(output.contentType ? { contentType: output.contentType } : {}) };
        },
      },
      onFallback: (request, reason) =>
        logger.warn('bedrock reply replaced by the template post', { reason, slot: request }),
    });
  }
  return createTemplateContentGenerator();
}

export function createContentGenerationDeps(
  meter?: JobMeter,
  catalysts: CatalystSource = createCatalystSource(),
): ContentGenerationDeps {
  const config = getConfig();
  return {
    now: () => new Date(),
    loadBrief: async (day) => {
      const at = startOfUtcDay(day);
      const universe = loadReplayUniverseOnce(config.REPLAY_DATA_FILE);
      return {
        day,
        assets: gradeReplayUniverse(universe, createReplayClockFromConfig(universe, config), at),
        catalysts: await catalysts.listCatalysts(at),
      };
    },
    generator: createGenerator(),
    repository: createContentQueueRepository(createDocumentClient(config), config.TABLE_MODERATION),
    ...(meter ? { meter } : {}),
  };
}

/** EventBridge entry; also what the local timer calls. */
export async function handler(): Promise<ContentGenerationResult> {
  return runMeteredJob(
    JOB_NAME,
    async (meter) => {
      const result = await runContentGeneration(createContentGenerationDeps(meter));
      logger.info('content generation finished', { ...result, ids: undefined, languages: CONTENT_LANGUAGES });
      return result;
    },
    { recordCost: saveCostRecordToUsageTable },
  );
}

export interface DailySchedule {
  stop: () => Promise<void>;
}

const DAY_MS = 86_400_000;

/** Milliseconds from `now` to the next `hourUtc`:00 UTC (a full day when it is exactly that time). */
export function msUntilNextRun(now: Date, hourUtc: number): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hourUtc);
  const wait = next - now.getTime();
  return wait > 0 ? wait : wait + DAY_MS;
}

/**
 * The local stand-in for the daily EventBridge rule: runs once now (a day that has its posts already
 * returns at once) and then every day at CONTENT_GENERATION_HOUR_UTC. Timers never keep the process
 * alive; `stop` waits for a run in progress.
 */
export function scheduleDailyContentGeneration(
  run: () => Promise<unknown> = handler,
  now: () => Date = () => new Date(),
): DailySchedule {
  const hourUtc = getConfig().CONTENT_GENERATION_HOUR_UTC;
  let running: Promise<unknown> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const runOnce = () => {
    running ??= run()
      .catch((error: unknown) => {
        logger.error('content generation failed', {
          error: error instanceof Error ? error.message : String(error),
        });
      })
      .finally(() => {
        running = null;
      });
  };
  const arm = () => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        runOnce();
        arm();
      },
      msUntilNextRun(now(), hourUtc),
    );
    timer.unref();
  };
  runOnce();
  arm();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
