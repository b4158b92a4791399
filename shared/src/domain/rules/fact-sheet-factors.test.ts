import { describe, expect, it } from 'vitest';
import type { Fact } from '../entities/fact-sheet';
import { explainedScoresOf, factValue } from './fact-sheet-factors';

const at = { as_of: '2016-12-30', source: 'engine' };
const fact = (id: string, value: Fact['value'], unit: Fact['unit'] = 'score'): Fact => ({
  id,
  value,
  unit,
  ...at,
});

describe('explainedScoresOf', () => {
  it('reads the grade, the composite and each factor in the order of the sheet, with its sentence', () => {
    const facts = [
      fact('score.grade', 'B+', 'grade'),
      fact('score.composite', 70.4),
      fact('factor.value.score', 87.1),
      fact('factor.value.weight', 0.2, 'weight'),
      fact('factor.value.input.pe_ratio', 13.87, 'ratio'),
      fact('factor.value.input.source', '10-K 2016-09-24', 'source'),
      fact('factor.risk.score', null),
      fact('factor.risk.weight', 0, 'weight'),
      fact('risk.level', 1, 'riskLevel'),
    ];
    const explained = explainedScoresOf({ facts, notes: { 'factor.value': 'Cheap for its earnings.' } });
    expect(explained).toEqual({
      investment_grade: 'B+',
      composite_rationality_score: 70.4,
      factors: [
        {
          name: 'value',
          score: 87.1,
          weight: 0.2,
          inputs: { pe_ratio: 13.87, source: '10-K 2016-09-24' },
          note: 'Cheap for its earnings.',
        },
        { name: 'risk', score: null, weight: 0 },
      ],
    });
  });

  it('gives a basic sheet (no inputs) factors without inputs', () => {
    const facts = [
      fact('score.grade', 'C', 'grade'),
      fact('score.composite', 41),
      fact('factor.momentum.score', 30),
    ];
    expect(explainedScoresOf({ facts, notes: {} }).factors).toEqual([
      { name: 'momentum', score: 30, weight: 0 },
    ]);
    expect(factValue(facts, 'factor.growth_quality.score')).toBeUndefined();
  });
});
