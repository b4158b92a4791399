import type { CounterfactualsResponse } from '@app/shared/domain/entities/counterfactuals';
import type { Fact, FactUnit } from '@app/shared/domain/entities/fact-sheet';

/*
 * What the analyst reads (docs/product.md "The analyst"): one sheet of facts, a symbol's fact sheet with
 * its counterfactuals written as facts too, or the caller's portfolio sheet. Whatever writes the
 * answer (the templates or a language model) sees only these facts, and every number it writes must
 * be one of them.
 */

export interface AnalystSheet {
  scope: 'symbol' | 'portfolio';
  /** The symbol asked about; empty for the portfolio. */
  subject: string;
  market_date: string;
  facts: Fact[];
}

/** The facts of a sheet by id. */
export function factsById(sheet: AnalystSheet): Map<string, Fact> {
  return new Map(sheet.facts.map((fact) => [fact.id, fact]));
}

const INPUT_UNITS: Readonly<Record<string, FactUnit>> = {
  percent: 'percent',
  ratio: 'ratio',
  usd: 'usd',
  flag: 'flag',
};

/**
 * The counterfactuals as facts, per factor: `counterfactual.<factor>.input` (the input's name),
 * `.current` (its value as graded) and, per direction, `.up.grade`, `.up.outcome` and `.up.value`
 * (the value that gives that grade; null when none within the realistic range does).
 */
export function counterfactualFacts(response: CounterfactualsResponse): Fact[] {
  const at = { as_of: response.market_date, source: 'counterfactuals' };
  return response.factors.flatMap((factor): Fact[] => {
    const id = `counterfactual.${factor.factor}`;
    const momentum = factor.input.startsWith('momentum');
    const unit: FactUnit =
      factor.unit === 'percent' && momentum ? 'signedPercent' : (INPUT_UNITS[factor.unit] ?? 'ratio');
    const shifts = (['up', 'down'] as const).flatMap((direction): Fact[] => {
      const shift = factor[direction];
      if (!shift) return [];
      return [
        { id: `${id}.${direction}.grade`, value: shift.grade, unit: 'grade', ...at },
        { id: `${id}.${direction}.outcome`, value: shift.outcome, unit: 'text', ...at },
        { id: `${id}.${direction}.value`, value: shift.value, unit, ...at },
      ];
    });
    return [
      { id: `${id}.input`, value: factor.input, unit: 'text', ...at },
      { id: `${id}.current`, value: factor.current, unit, ...at },
      ...shifts,
    ];
  });
}

/** A figure an answer used, with its name worded by the caller's renderer. */
export interface UsedFigure {
  id: string;
  label: string;
  value: Fact['value'];
  unit: FactUnit;
  as_of: string;
}

/** The cited facts in the order cited, each once; an id the sheet lacks is left out. */
export function usedFigures(
  citedIds: readonly string[],
  sheet: Pick<AnalystSheet, 'facts'>,
  label: (id: string, facts: ReadonlyMap<string, Fact>) => string,
): UsedFigure[] {
  const facts = new Map(sheet.facts.map((fact) => [fact.id, fact]));
  return [...new Set(citedIds)].flatMap((id) => {
    const fact = facts.get(id);
    if (!fact) return [];
    return [{ id, label: label(id, facts), value: fact.value, unit: fact.unit, as_of: fact.as_of }];
  });
}
