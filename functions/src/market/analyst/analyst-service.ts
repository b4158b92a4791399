import type { AnalystAnswer } from '@app/shared/domain/entities/analyst';
import type { Language } from '@app/shared/domain/enums';
import type { SymbolFactSheet } from '@app/shared/domain/entities/fact-sheet';
import { message } from '@app/shared/messages/message';
import { counterfactualFacts, type AnalystSheet } from '../../engine/analyst/analyst-sheet';
import { assertQuotaLeft, consumeQuota, type EntitlementsDeps } from '../../entitlements/entitlements';
import type { AuthContext } from '../../platform/auth-context';
import { UnauthorizedError } from '../../platform/errors';
import { rendererFor } from '../../platform/messages';
import type { MarketDeps } from '../market-deps';
import { getCounterfactuals } from '../counterfactuals-service';
import { getSymbolFactSheet, type SymbolCatalysts } from '../fact-sheet-service';
import { answerAnalystQuestion } from '../../analyst-model/answer-question';
import type { AnalystModelDeps } from '../../analyst-model/checked-answer';

/*
 * POST /api/ai/analyst (docs/product.md "The analyst"): a question about one symbol, answered from
 * its fact sheet and counterfactuals. The template answer is always written; when a language model
 * is configured it is asked too, and its answer is used only if the guard passes it
 * (analyst-model/checked-answer.ts, shared with POST /api/portfolio/analyst).
 */

export interface AnalystDeps extends AnalystModelDeps {
  /** Counts analyst_questions (the usage table). */
  entitlements: EntitlementsDeps;
}

/** Answers a question about `symbol` for a signed-in caller, in `language`. */
export async function askSymbolAnalyst(
  request: { question: string; symbol: string },
  auth: AuthContext,
  language: Language,
  deps: MarketDeps,
  analyst: AnalystDeps,
  catalysts: SymbolCatalysts,
): Promise<AnalystAnswer> {
  // A `user` route: the platform refuses a call without a token; this guards a misconfigured route.
  if (auth.kind !== 'user') throw new UnauthorizedError(message('AUTH_SIGN_IN_REQUIRED'));
  const render = rendererFor(language);
  // An unknown symbol is a 404 here, before anything is counted.
  const counterfactuals = await getCounterfactuals(request.symbol, auth, render, deps);
  // Both quotas are checked before either is counted: an analyst quota used up refuses before the
  // detail view is charged, and a detail quota used up (chargeDetailView) refuses before the question
  // is counted, so a 403 leaves the stored counts unchanged.
  await assertQuotaLeft(auth.userId, 'analyst_questions', deps.now(), analyst.entitlements);
  const factSheet = await getSymbolFactSheet(request.symbol, auth, render, deps, catalysts);
  const quota = await consumeQuota(auth.userId, 'analyst_questions', deps.now(), analyst.entitlements);
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
  return answerAnalystQuestion(request.question, language, { checked, sheet }, quota, analyst);
}
