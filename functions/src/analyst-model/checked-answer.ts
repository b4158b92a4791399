import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Language } from '@app/shared/domain/enums';
import type { WrittenAnswer } from '../engine/analyst/compose-answer';
import { logger, metrics } from '../platform/observability';
import { guardAnswer, type AnalystFactSheet, type GuardRefusal } from './guard';
import { ModelWriterError, type ModelWriter, type ModelWriterFailure } from './model-writer';

/*
 * The analyst's model path, shared by its two routes (docs/product.md "The analyst"): POST
 * /api/ai/analyst (a symbol) and POST /api/portfolio/analyst (the caller's portfolio). The model is
 * asked within the timeout, and its answer is used only if the guard passes it (guard.ts). A
 * refused, failed or late model answer gives null (the route answers with its template), logged and
 * counted (the `AnalystFallbacks` metric).
 */

export interface AnalystModelDeps {
  /** Undefined when no model is configured: the templates answer. */
  modelWriter: ModelWriter | undefined;
  /** How long the model may take (config ANALYST_MODEL_TIMEOUT_MS, 15 s by default). */
  timeoutMs: number;
}

export const ANALYST_FALLBACK_METRIC = 'AnalystFallbacks';

type FallbackReason = GuardRefusal | ModelWriterFailure | 'error';

function countFallback(reason: FallbackReason, detail?: string): void {
  logger.warn('analyst: model answer replaced by the template', { reason, ...(detail ? { detail } : {}) });
  metrics.addMetric(ANALYST_FALLBACK_METRIC, MetricUnit.Count, 1);
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
    countFallback(verdict.reason);
  } catch (error: unknown) {
    if (error instanceof ModelWriterError) countFallback(error.failure, error.message);
    else countFallback('error', error instanceof Error ? error.message : String(error));
  }
  return null;
}
