import type { AnalystAnswer } from '@app/shared/domain/entities/analyst';
import type { Language } from '@app/shared/domain/enums';
import { answerAnalystQuestion } from '../analyst-model/answer-question';
import type { AnalystModelDeps } from '../analyst-model/checked-answer';
import { createModelWriter } from '../analyst-model/model-writer';
import { createAnalystFallbacksRepository } from '../data/analyst-fallbacks-repository';
import type { AnalystSheet } from '../engine/analyst/analyst-sheet';
import { getConfig } from '../config';
import { consumeQuota, createEntitlementsDeps, type EntitlementsDeps } from '../entitlements/entitlements';
import { createDocumentClient } from '../platform/dynamo-client';
import type { LedgerStoreDeps } from './ledger-store';
import { getPortfolioFactSheet } from './portfolio-fact-sheet';

/*
 * POST /api/portfolio/analyst (docs/product.md "The analyst"): a question about the caller's
 * portfolio, answered from the portfolio fact sheet (portfolio-fact-sheet.ts) by the analyst's
 * templates (engine/analyst/) or, when a language model is configured, by the model under the same
 * timeout, guard and fallback as the symbol route (analyst-model/checked-answer.ts).
 */

export interface PortfolioAnalystDeps extends AnalystModelDeps {
  /** Counts analyst_questions (the usage table). */
  entitlements: EntitlementsDeps;
}

let analystDeps: PortfolioAnalystDeps | undefined;

/** The usage counters and the optional model writer, built on the first question of a cold start. */
export function portfolioAnalystDeps(): PortfolioAnalystDeps {
  if (analystDeps) return analystDeps;
  const config = getConfig();
  const client = createDocumentClient(config);
  analystDeps = {
    entitlements: createEntitlementsDeps(client, config),
    modelWriter: createModelWriter(config),
    timeoutMs: config.ANALYST_MODEL_TIMEOUT_MS,
    fallbacks: createAnalystFallbacksRepository(client, config.TABLE_USAGE),
  };
  return analystDeps;
}

export async function askPortfolioAnalyst(
  question: string,
  userId: string,
  language: Language,
  deps: LedgerStoreDeps & { now: () => Date },
  analyst: PortfolioAnalystDeps,
): Promise<AnalystAnswer> {
  const quota = await consumeQuota(userId, 'analyst_questions', deps.now(), analyst.entitlements);
  const checked = await getPortfolioFactSheet(userId, deps);
  const sheet: AnalystSheet = {
    scope: 'portfolio',
    subject: '',
    market_date: checked.market_date,
    facts: checked.facts,
  };
  return answerAnalystQuestion(question, language, { checked, sheet }, quota, analyst);
}
