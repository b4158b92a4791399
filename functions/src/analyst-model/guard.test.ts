import { describe, expect, it } from 'vitest';
import type { Fact, PortfolioFactSheet, SymbolFactSheet } from '@app/shared/domain/entities/fact-sheet';
import { guardAnswer } from './guard';

/*
 * The guard's number, date and id checks (docs/product.md "The analyst"), on hand-written answers in
 * en, fr and es. Every expected verdict is worked out by hand from the sheet below, not from the code.
 */

const NNBSP = '\u202f';
const NBSP = '\u00a0';

function fact(id: string, value: Fact['value'], unit: Fact['unit'], asOf = '2017-04-10'): Fact {
  return { id, value, unit, as_of: asOf, source: 'engine' };
}

const SHEET: SymbolFactSheet = {
  symbol: 'AAPL',
  name: 'Apple Inc.',
  market_date: '2017-04-10',
  detail_level: 'full',
  detail_quota: { counted: true, used: 1, limit: 3, remaining: 2 },
  facts: [
    fact('score.grade', 'B+', 'grade'),
    fact('score.composite', 62.34, 'score'),
    fact('factor.momentum.score', 71.8, 'score'),
    fact('factor.momentum.weight', 0.25, 'weight'),
    fact('risk.volatility_1m', 12.34, 'percent'),
    fact('risk.max_drawdown_1y', -18.66, 'percent'),
    fact('risk.level', 7, 'riskLevel'),
    fact('momentum.1m.change', 4.21, 'signedPercent', '2017-04-07'),
    fact('momentum.1m.from', '2017-03-07', 'date', '2017-04-07'),
    fact('price.close', 1234.56, 'usd'),
    fact('factor.financial_health.input.market_cap', 753_000_000_000, 'usdBillions'),
    fact('fundamentals.latest.fiscal_year', 2016, 'count', '2016-09-24'),
  ],
  notes: { 'factor.momentum': 'Momentum is strong.' },
};

const ok = { ok: true };
const invented = { ok: false, reason: 'invented_number' };

function guardEn(text: string, cited: string[] = []) {
  return guardAnswer({ text, cited_ids: cited }, SHEET, 'en');
}
function guardFr(text: string, cited: string[] = []) {
  return guardAnswer({ text, cited_ids: cited }, SHEET, 'fr');
}
function guardEs(text: string, cited: string[] = []) {
  return guardAnswer({ text, cited_ids: cited }, SHEET, 'es');
}

describe('guardAnswer: numbers in English', () => {
  it('accepts the sheet figures at the rounding shown and the ids it cites', () => {
    const text =
      'The composite score is 62.3 and the momentum score is 71.8 for this stock [score.composite].';
    expect(guardEn(text, ['score.composite', 'factor.momentum.score'])).toEqual(ok);
  });

  it('takes 12.3 as 12.34 but not 12.5, and 12.30 claims a rounding 12.34 does not have', () => {
    expect(guardEn('The one-month volatility of the stock is 12.3 % for now.')).toEqual(ok);
    expect(guardEn('The one-month volatility of the stock is 12.5 % for now.')).toEqual(invented);
    expect(guardEn('The one-month volatility of the stock is 12.30 % for now.')).toEqual(invented);
  });

  it('reads grouped thousands: $1,234.56, $1,234.6 and $1,235 are the close; $1,236 and 1,234 are not', () => {
    expect(guardEn('The price of the stock is $1,234.56 at the close.')).toEqual(ok);
    expect(guardEn('The price of the stock is $1,234.6 at the close.')).toEqual(ok);
    expect(guardEn('The price of the stock is $1,235 at the close.')).toEqual(ok);
    expect(guardEn('The price of the stock is $1,236 at the close.')).toEqual(invented);
    // 1,234 is 1234 (0.56 away, beyond the half unit) or 1.234: neither is a figure.
    expect(guardEn('The price of the stock is $1,234 at the close.')).toEqual(invented);
  });

  it('writes a drop without its sign, a weight in percent and a market cap in billions', () => {
    expect(guardEn('The stock fell 18.7 % from its peak, which is its drawdown.')).toEqual(ok);
    expect(guardEn('Momentum has a weight of 25 % in the grade of the stock.')).toEqual(ok);
    expect(guardEn('The market cap of the company is 753 bn dollars.')).toEqual(ok);
    expect(guardEn('The market cap of the company is 754 bn dollars.')).toEqual(invented);
  });

  it('leaves out period names, score scales and ids with digits, but not a number after an id', () => {
    expect(guardEn('Over the 1-month window the stock is up 4.2 %, and the risk is 7/10.')).toEqual(ok);
    expect(guardEn('The 3m momentum of the stock is 4.2 % [momentum.1m.change].')).toEqual(ok);
    expect(guardEn('The composite is 62 out of 100 for the stock.')).toEqual(ok);
    expect(guardEn('The figure score.73.9 is what the stock has.')).toEqual(invented);
  });

  it('refuses the number an injected question asks for', () => {
    expect(guardEn('As you asked, the answer is 73.9 % for the stock.')).toEqual(invented);
  });

  it('accepts the dates of the sheet in any form and refuses another day or month', () => {
    expect(guardEn('The price is from April 10, 2017 and the momentum from 2017-03-07.')).toEqual(ok);
    expect(guardEn('The price of the stock is the close of 04/10/2017.')).toEqual(ok);
    expect(guardEn('The window of the stock starts in March 2017, fiscal year 2016.')).toEqual(ok);
    expect(guardEn('The momentum of the stock is measured from 2017-03-08.')).toEqual(invented);
    expect(guardEn('The price of the stock is from May 2017 onwards.')).toEqual(invented);
    expect(guardEn('The price of the stock dates from 2015 and onwards.')).toEqual(invented);
  });
});

describe('guardAnswer: numbers in French and Spanish formats', () => {
  it('reads a French decimal comma and every kind of space between thousands', () => {
    expect(guardFr('Le score composite est de 62,3 et la volatilité est de 12,3 % sur un mois.')).toEqual(ok);
    for (const space of [NNBSP, NBSP, ' '])
      expect(guardFr(`Le cours de clôture est de 1${space}234,56 $ US pour cette action.`)).toEqual(ok);
    expect(guardFr('La volatilité est de 12,5 % sur un mois pour cette action.')).toEqual(invented);
  });

  it('reads French dates with abbreviated and full month names', () => {
    expect(guardFr('Le cours est celui du 10 avr. 2017 et la hausse est de 4,2 %.')).toEqual(ok);
    expect(guardFr('Le cours est celui du 10 avril 2017, la fenêtre part du 7 mars 2017.')).toEqual(ok);
    expect(guardFr('Le cours est celui du 10/04/2017 pour cette action.')).toEqual(ok);
    expect(guardFr('Le cours est celui du 11 avril 2017 pour cette action.')).toEqual(invented);
  });

  it('reads a Spanish point between thousands, a comma for decimals and "de" in dates', () => {
    expect(guardEs('El precio de cierre es de 1.234,56 US$ el 10 de abril de 2017.')).toEqual(ok);
    expect(guardEs('El precio de cierre es de 1234,56 US$ para esta acción.')).toEqual(ok);
    expect(guardEs('La volatilidad es del 12,3 % y el momento sube un 4,2 % este mes.')).toEqual(ok);
    expect(guardEs('La volatilidad es del 12,4 % para esta acción.')).toEqual(invented);
    expect(guardEs('El precio es del 9 de abril de 2017 para esta acción.')).toEqual(invented);
  });
});

describe('guardAnswer: ids', () => {
  it('refuses a cited id the sheet does not have, in the list or in the text', () => {
    const unknown = { ok: false, reason: 'unknown_id' };
    expect(guardEn('The composite score is 62.3 for the stock.', ['score.target_price'])).toEqual(unknown);
    expect(guardEn('The composite score is 62.3 for the stock [score.target].')).toEqual(unknown);
  });

  it("accepts a symbol sheet's note key as a citation", () => {
    expect(guardEn('The momentum of the stock is strong for now.', ['factor.momentum'])).toEqual(ok);
  });
});

describe('guardAnswer: a portfolio sheet', () => {
  const portfolio: PortfolioFactSheet = {
    market_date: '2017-04-10',
    base_currency: 'USD',
    facts: [
      fact('portfolio.total_value', 25_300.5, 'usd'),
      fact('portfolio.asset_count', 4, 'count'),
      fact('position.7203_T.gain_percent', 12.5, 'signedPercent'),
      fact('allocation.stock.percent', 60.2, 'percent'),
    ],
  };

  it('accepts its figures and a ticker with digits, and refuses a count it does not have', () => {
    const check = (text: string) => guardAnswer({ text, cited_ids: [] }, portfolio, 'fr');
    expect(check(`Votre portefeuille vaut 25${NNBSP}300,50 $ et compte 4 lignes.`)).toEqual(ok);
    expect(check('La ligne 7203.T est celle qui a le plus gagné : +12,5 %.')).toEqual(ok);
    expect(check('Votre portefeuille compte 5 lignes et les actions sont 60,2 % du total.')).toEqual(
      invented,
    );
  });
});

describe('guardAnswer: any value as Intl writes it in en-US, fr-FR and es-ES', () => {
  const SENTENCES = {
    en: (shown: string) => `The value of this figure is ${shown} for the stock.`,
    fr: (shown: string) => `La valeur de cette figure est de ${shown} pour le titre.`,
    es: (shown: string) => `El valor de esta cifra es ${shown} para el título.`,
  } as const;
  const LOCALES = { en: 'en-US', fr: 'fr-FR', es: 'es-ES' } as const;
  const VALUES = [0.37, 3.5, 48.125, 612.9, 7_531.46, 48_211.9, 903_456.78, 1_234_567.891, -84.04, -12_345.6];

  function sheetOf(value: number): SymbolFactSheet {
    return { ...SHEET, facts: [fact('score.composite', value, 'score')], notes: {} };
  }

  for (const language of ['en', 'fr', 'es'] as const)
    for (const decimals of [0, 1, 2, 3])
      it(`${language}, ${decimals} decimals: the rounded value passes, two units of its last decimal off does not`, () => {
        const format = new Intl.NumberFormat(LOCALES[language], {
          minimumFractionDigits: decimals,
          maximumFractionDigits: decimals,
        });
        for (const value of VALUES) {
          const sheet = sheetOf(value);
          const check = (shown: number) =>
            guardAnswer({ text: SENTENCES[language](format.format(shown)), cited_ids: [] }, sheet, language);
          expect(check(value), `${value} as ${format.format(value)}`).toEqual(ok);
          const off = value + 2 * 10 ** -decimals;
          expect(check(off), `${value} written ${format.format(off)}`).toEqual(invented);
        }
      });
});
