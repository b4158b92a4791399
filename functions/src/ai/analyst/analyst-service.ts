import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { AnalystAnswer } from '@app/shared/domain/entities/analyst';
import type { Language } from '@app/shared/domain/enums';
import type { SymbolFactSheet } from '@app/shared/domain/entities/fact-sheet';
import { message } from '@app/shared/messages/message';
import { counterfactualFacts, type AnalystSheet } from '../../engine/analyst/analyst-sheet';
import { composeAnswer, draftTemplateAnswer, type WrittenAnswer } from '../../engine/analyst/compose-answer';
import { consumeQuota, type EntitlementsDeps } from '../../entitlements/entitlements';
import type { AuthContext } from '../../platform/auth-context';
import { UnauthorizedError } from '../../platform/errors';
import { rendererFor } from '../../platform/messages';
import { logger, metrics } from '../../platform/observability';
import type { AiDeps } from '../ai-deps';
import { getCounterfactuals } from '../counterfactuals-service';
import { getSymbolFactSheet, type SymbolCatalysts } from '../fact-sheet-service';
import { guardAnswer, type AnalystFactSheet, type GuardRefusal } from './guard';
import { ModelWriterError, type ModelWriter, type ModelWriterFailure } from './model-writer';

/*
 * POST /api/ai/analyst (docs/product.md "The analyst"): a question about one symbol, answered from
 * its fact sheet and counterfactuals. The template answer is always written; when a language model
 * is configured it is asked too, within the timeout, and its answer is used only if the guard passes
 * it (guard.ts). A refused, failed or late model answer is replaced by the template's, logged and
 * counted (the `AnalystFallbacks` metric).
 */

export interface AnalystDeps {
  /** Counts analyst_questions (the usage table). */
  entitlements: EntitlementsDeps;
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
  deps: AnalystDeps,
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

/** Answers a question about `symbol` for a signed-in caller, in `language`. */
export async function askSymbolAnalyst(
  request: { question: string; symbol: string },
  auth: AuthContext,
  language: Language,
  deps: AiDeps,
  analyst: AnalystDeps,
  catalysts: SymbolCatalysts,
): Promise<AnalystAnswer> {
  // A `user` route: the platform refuses a call without a token; this guards a misconfigured route.
  if (auth.kind !== 'user') throw new UnauthorizedError(message('AUTH_SIGN_IN_REQUIRED'));
  const render = rendererFor(language);
  // An unknown symbol is a 404 here, before anything is counted.
  const counterfactuals = await getCounterfactuals(request.symbol, auth, render, deps);
  const quota = await consumeQuota(auth.userId, 'analyst_questions', deps.now(), analyst.entitlements);
  const factSheet = await getSymbolFactSheet(request.symbol, auth, render, deps, catalysts);
  const checked: SymbolFactSheet = {
    ...factSheet,
    detail_quota: factSheet.detail_quota ?? null,
    facts: [...factSheet.facts, ...counterfactualFacts(counterfactuals)],
  };
  const sheet: AnalystSheet = {
    scope: 'symbol',
    subject: checked.symbol,
    market_date: checked.market_date,
    facts: checked.facts,
  };
  const draft = draftTemplateAnswer(request.question, sheet, render);
  const written = (await checkedModelAnswer(request.question, language, checked, analyst)) ?? draft;
  return composeAnswer(written, {
    intent: draft.intent,
    sheet,
    language,
    render,
    quota: { used: quota.used, limit: quota.limit, remaining: quota.remaining },
  });
}
