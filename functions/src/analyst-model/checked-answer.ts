import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Language } from '@app/shared/domain/enums';
import type { AnalystFallbackKind, AnalystFallbacksRepository } from '../data/analyst-fallbacks-repository';
import type { WrittenAnswer } from '../engine/analyst/compose-answer';
import { logger, metrics } from '../platform/observability';
import { guardAnswer, type AnalystFactSheet, type GuardRefusal } from './guard';
import { ModelWriterError, type ModelWriterFailure } from './model-writer-error';
import type { ModelWriter } from './model-writer-contract';

/*
 * The analyst's model path, shared by its two routes (docs/product.md "The analyst"): POST
 * /api/ai/analyst (a symbol) and POST /api/portfolio/analyst (the caller's portfolio). The model is
 * asked within the timeout, and its answer is used only if the guard passes it (guard.ts). A
 * refused, failed or late model answer gives null (the route answers with its template), logged and
 * counted: the `AnalystFallbacks` metric, and the day's count per reason in the usage table that the
 * admin dashboard shows (data/analyst-fallbacks-repository.ts).
 */

export interface AnalystModelDeps {
  /** Undefined when no model is configured: the templates answer. */
  modelWriter: ModelWriter | undefined;
  /** How long the model may take (config ANALYST_MODEL_TIMEOUT_MS, 15 s by default). */
  timeoutMs: number;
  /** Where each fallback is counted for the admin dashboard; unset, only logged and metered. */
  fallbacks?: Pick<AnalystFallbacksRepository, 'countFallback'> | undefined;
  /** The clock that dates a counted fallback (the real UTC day by default). */
  now?: (() => Date) | undefined;
}

export const ANALYST_FALLBACK_METRIC = 'AnalystFallbacks';

type FallbackReason = GuardRefusal | ModelWriterFailure | 'error';

/** The admin dashboard's reason: the guard refused it, it came too late, or the model failed. */
export function fallbackKindOf(reason: FallbackReason): AnalystFallbackKind {
  if (reason === 'timeout') return 'timeout';
  if (reason === 'malformed' || reason === 'http_error' || reason === 'unreachable' || reason === 'error')
    return 'model_error';
  return 'guard';
}

/** Logs, meters and counts one fallback; a count that cannot be written is logged, never thrown. */
async function countFallback(deps: AnalystModelDeps, reason: FallbackReason, detail?: string): Promise<void> {
  logger.warn('analyst: model answer replaced by the template', { reason, ...(detail ? { detail } : {}) });
  metrics.addMetric(ANALYST_FALLBACK_METRIC, MetricUnit.Count, 1);
  if (!deps.fallbacks) return;
  try {
    await deps.fallbacks.countFallback(fallbackKindOf(reason), (deps.now ?? (() => new Date()))());
  } catch (error: unknown) {
    logger.warn('analyst: fallback not counted', {
      reason,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/** Rejects with a ModelWriterError 'timeout' when the writer has not answered in time. */
function withinTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ModelWriterError('timeout', `no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The model's answer when the guard passes it, else null (the failure logged and counted). */
export async function checkedModelAnswer(
  question: string,
  language: Language,
  checked: AnalystFactSheet,
  deps: AnalystModelDeps,
): Promise<WrittenAnswer | null> {
  if (!deps.modelWriter) return null;
  try {
    const answer = await withinTimeout(
      deps.modelWriter.write({ question, language, sheet: checked, timeoutMs: deps.timeoutMs }),
      deps.timeoutMs,
    );
    const verdict = guardAnswer(answer, checked, language);
    if (verdict.ok) return { text: answer.text, cited_ids: answer.cited_ids, generated_by: 'model' };
    await countFallback(deps, verdict.reason);
  } catch (error: unknown) {
    if (error instanceof ModelWriterError) await countFallback(deps, error.failure, error.message);
    else await countFallback(deps, 'error', error instanceof Error ? error.message : String(error));
  }
  return null;
}
