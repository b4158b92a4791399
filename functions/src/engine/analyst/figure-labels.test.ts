import { describe, expect, it } from 'vitest';
import { rendererFor } from '../../platform/messages';
import { figureLabel } from './figure-labels';

/*
 * The portfolio sheet's composite and each position's weight (portfolio/portfolio-fact-sheet.ts) are
 * named in the "figures used" list in the reader's language, not shown by their raw id.
 */

const NO_FACTS = new Map();

describe('figure labels of the portfolio sheet', () => {
  it.each([
    ['en', 'Portfolio composite score', 'AAPL: weight in the graded value'],
    ['fr', 'Score composite du portefeuille', 'AAPL : poids dans la valeur notée'],
    ['es', 'Puntuación compuesta de la cartera', 'AAPL: peso en el valor calificado'],
  ] as const)(
    'names portfolio.composite and position.<SYMBOL>.weight in %s',
    (language, composite, weight) => {
      const render = rendererFor(language);

      expect(render(figureLabel('portfolio.composite', NO_FACTS))).toBe(composite);
      expect(render(figureLabel('position.AAPL.weight', NO_FACTS)).replace(/\u202f|\u00a0/gu, ' ')).toBe(
        weight,
      );
    },
  );

  it('still shows an id it has no name for by the id', () => {
    expect(rendererFor('en')(figureLabel('position.AAPL.not_a_field', NO_FACTS))).toContain(
      'position.AAPL.not_a_field',
    );
  });
});
