import type { AnalystAnswer } from '@app/shared/domain/entities/analyst';
import type { Language } from '@app/shared/domain/enums';
import type { AnalystSheet } from '../engine/analyst/analyst-sheet';
import { composeAnswer, draftTemplateAnswer } from '../engine/analyst/compose-answer';
import { getConfig } from '../config';
import { consumeQuota, createEntitlementsDeps, type EntitlementsDeps } from '../entitlements/entitlements';
import { createDocumentClient } from '../platform/dynamo-client';
import { rendererFor } from '../platform/messages';
import type { LedgerStoreDeps } from './ledger-store';
import { getPortfolioFactSheet } from './portfolio-fact-sheet';

/*
 * POST /api/portfolio/analyst (docs/product.md "The analyst"): a question about the caller's
 * portfolio, answered by the analyst's templates (engine/analyst/) from the portfolio fact sheet
 * (portfolio-fact-sheet.ts), every number a cited figure of it. The language model and its guard
 * answer symbol questions in the ai area (ai/analyst/); an area does not import another, so this
 * route answers with the templates only.
 */

let quotaDeps: EntitlementsDeps | undefined;

/** The usage table's counters for analyst_questions, built on the first question of a cold start. */
export function analystQuotaDeps(): EntitlementsDeps {
  if (quotaDeps) return quotaDeps;
  const config = getConfig();
  quotaDeps = createEntitlementsDeps(createDocumentClient(config), config);
  return quotaDeps;
}

export async function askPortfolioAnalyst(
  question: string,
  userId: string,
  language: Language,
  deps: LedgerStoreDeps & { now: () => Date },
  entitlements: EntitlementsDeps,
): Promise<AnalystAnswer> {
  const quota = await consumeQuota(userId, 'analyst_questions', deps.now(), entitlements);
  const portfolio = await getPortfolioFactSheet(userId, deps);
  const sheet: AnalystSheet = {
    scope: 'portfolio',
    subject: '',
    market_date: portfolio.market_date,
    facts: portfolio.facts,
  };
  const render = rendererFor(language);
  const draft = draftTemplateAnswer(question, sheet, render);
  return composeAnswer(draft, {
    intent: draft.intent,
    sheet,
    language,
    render,
    quota: { used: quota.used, limit: quota.limit, remaining: quota.remaining },
  });
}
