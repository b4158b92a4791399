import type { Fact, SymbolFactSheet } from '../entities/fact-sheet';
import type { NuggetScores, ScoreFactor } from '../entities/market';
import { GradeSchema } from '../enums';

/*
 * The score explanation read back from a symbol's fact sheet (docs/product.md "Fact sheets"), so the
 * sites show the sheet's figures and compute none: the grade, the composite and each factor with its
 * score, weight, inputs (on a 'full' sheet) and sentence, in the engine's order.
 */

const FACTOR_FACT = /^factor\.([a-z_]+)\.(score|weight|input)(?:\.(.+))?$/;

/** The value of one fact by id, or undefined when the sheet has none. */
export function factValue(facts: readonly Fact[], id: string): Fact['value'] | undefined {
  return facts.find((fact) => fact.id === id)?.value;
}

export type ExplainedScores = Pick<NuggetScores, 'investment_grade' | 'composite_rationality_score'> & {
  factors: ScoreFactor[];
};

export function explainedScoresOf(sheet: Pick<SymbolFactSheet, 'facts' | 'notes'>): ExplainedScores {
  const factors = new Map<string, ScoreFactor>();
  for (const fact of sheet.facts) {
    const match = FACTOR_FACT.exec(fact.id);
    if (!match) continue;
    const [, name = '', field, input] = match;
    const factor = factors.get(name) ?? { name, score: null, weight: 0 };
    if (field === 'score') factor.score = typeof fact.value === 'number' ? fact.value : null;
    else if (field === 'weight') factor.weight = typeof fact.value === 'number' ? fact.value : 0;
    else if (input) factor.inputs = { ...factor.inputs, [input]: fact.value };
    const note = sheet.notes[`factor.${name}`];
    factors.set(name, note === undefined ? factor : { ...factor, note });
  }
  const composite = factValue(sheet.facts, 'score.composite');
  return {
    investment_grade: GradeSchema.parse(factValue(sheet.facts, 'score.grade')),
    composite_rationality_score: typeof composite === 'number' ? composite : 0,
    factors: [...factors.values()],
  };
}
