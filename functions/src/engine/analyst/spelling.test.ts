import { describe, expect, it } from 'vitest';
import { correctSpelling, oneSlipApart } from './spelling';

describe('oneSlipApart', () => {
  it.each([
    ['riksy', 'risky'], // two letters swapped
    ['rendemnt', 'rendement'], // one left out
    ['riskky', 'risky'], // one added
    ['momentun', 'momentum'], // one changed
  ])('reads %s as one slip from %s', (typed, keyword) => {
    expect(oneSlipApart(typed, keyword)).toBe(true);
  });

  it.each([
    ['risky', 'risky'], // the same word is no slip
    ['rsiyk', 'risky'], // two swaps
    ['rendmnt', 'rendement'], // two left out
    ['stare', 'score'], // two changed
  ])('reads %s as not one slip from %s', (typed, keyword) => {
    expect(oneSlipApart(typed, keyword)).toBe(false);
  });
});

describe('correctSpelling', () => {
  it('writes misspelt keywords right and leaves the rest of the question alone', () => {
    expect(correctSpelling('how riksy is it')).toBe('how risky is it');
    expect(correctSpelling('whats my retrun this year')).toBe('whats my return this year');
    expect(correctSpelling('la tendensia es buena?')).toBe('la tendencia es buena?');
  });

  it('corrects no word under five letters, no keyword, and nothing towards two keywords at once', () => {
    expect(correctSpelling('what woud make it')).toBe('what woud make it');
    expect(correctSpelling('notre portefeuille')).toBe('notre portefeuille');
    // "risques" is one slip from both "risque" and "risquee": left as typed (the pattern reads it).
    expect(correctSpelling('des risques')).toBe('des risques');
  });
});
