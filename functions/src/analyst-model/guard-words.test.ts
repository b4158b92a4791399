import { describe, expect, it } from 'vitest';
import type { SymbolFactSheet } from '@app/shared/domain/entities/fact-sheet';
import { guardAnswer } from './guard';
import { adviceWordIn, readsAs } from './guard-words';

/*
 * The guard's advice words and language check (docs/product.md "The analyst"), on hand-written
 * sentences in en, fr and es.
 */

const SHEET: SymbolFactSheet = {
  symbol: 'MSFT',
  name: 'Microsoft Corporation',
  market_date: '2017-04-10',
  detail_level: 'basic',
  detail_quota: { counted: true, used: 1, limit: 3, remaining: 2 },
  facts: [{ id: 'score.composite', value: 58, unit: 'score', as_of: '2017-04-10', source: 'engine' }],
  notes: {},
};

describe('adviceWordIn', () => {
  it.each([
    ['This stock is guaranteed to go higher next year.', 'guaranteed'],
    ['Buy now, before the price moves.', 'buy now'],
    ['It is sure to rise after the report.', 'sure to rise'],
    ['Achetez maintenant avant la publication.', 'achetez maintenant'],
    ['Une hausse garantie pour cette action.', 'garantie'],
    ['Un placement SANS RISQUE pour votre épargne.', 'sans risque'],
    ['Compre ya antes de los resultados.', 'compre ya'],
    ['Una rentabilidad garantizada este año.', 'garantizada'],
    ['Es una apuesta segura para el trimestre.', 'apuesta segura'],
  ])('finds the advice in "%s"', (text, word) => {
    expect(adviceWordIn(text)).toBe(word);
  });

  it('finds nothing in plain explanations, nor inside a longer word', () => {
    expect(adviceWordIn('The grade is B because momentum carries a quarter of the weight.')).toBeUndefined();
    expect(adviceWordIn('La note est B car la dynamique pèse pour un quart.')).toBeUndefined();
    expect(adviceWordIn('La nota es B porque el momento pesa una cuarta parte.')).toBeUndefined();
    expect(adviceWordIn('The buyback was announced on the same day.')).toBeUndefined();
  });
});

describe('readsAs', () => {
  const english = 'The grade of this stock is B because the momentum score is high and the risk is low.';
  const french =
    'La note de cette action est B parce que le score de dynamique est élevé et le risque est faible.';
  const spanish = 'La nota de esta acción es B porque la puntuación de impulso es alta y el riesgo es bajo.';

  it('reads each sentence as its own language only', () => {
    expect([readsAs(english, 'en'), readsAs(english, 'fr'), readsAs(english, 'es')]).toEqual([
      true,
      false,
      false,
    ]);
    expect([readsAs(french, 'en'), readsAs(french, 'fr'), readsAs(french, 'es')]).toEqual([
      false,
      true,
      false,
    ]);
    expect([readsAs(spanish, 'en'), readsAs(spanish, 'fr'), readsAs(spanish, 'es')]).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('does not judge an answer of fewer than five words', () => {
    expect(readsAs('Grade B (58).', 'fr')).toBe(true);
  });
});

describe('guardAnswer: advice and language', () => {
  it('refuses an advice word even with true figures', () => {
    const answer = {
      text: 'With a composite of 58, this stock is a sure bet.',
      cited_ids: ['score.composite'],
    };
    expect(guardAnswer(answer, SHEET, 'en')).toEqual({ ok: false, reason: 'advice_word' });
  });

  it('refuses an answer in English to a French question, and accepts the French one', () => {
    const english = { text: 'The composite score of this stock is 58 and it is the grade.', cited_ids: [] };
    const french = { text: 'Le score composite de cette action est de 58 sur le marché.', cited_ids: [] };
    expect(guardAnswer(english, SHEET, 'fr')).toEqual({ ok: false, reason: 'wrong_language' });
    expect(guardAnswer(french, SHEET, 'fr')).toEqual({ ok: true });
  });

  it('refuses a Spanish answer to an English question', () => {
    const spanish = { text: 'La puntuación compuesta de esta acción es 58 y es estable.', cited_ids: [] };
    expect(guardAnswer(spanish, SHEET, 'en')).toEqual({ ok: false, reason: 'wrong_language' });
  });
});
