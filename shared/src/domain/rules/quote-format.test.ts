import { describe, expect, it } from 'vitest';
import { formatQuote, formatRate } from './formatting';

/*
 * Issue 45: an FX pair's quote is a rate, not dollars ("USDJPY=X $109.25" on the admin monitor), and
 * no quote shows more decimals than its unit needs ("143.660004").
 */
describe('a quote in its unit', () => {
  it('shows an FX pair as a rate: four decimals under 10, two above, no currency sign', () => {
    expect(formatQuote('USDJPY=X', 109.250001, 'en')).toBe('109.25');
    expect(formatQuote('EURUSD=X', 1.05230199, 'en')).toBe('1.0523');
    expect(formatQuote('eurusd=x', 1.05230199, 'fr')).toBe('1,0523');
    expect(formatRate(1.1, 'es')).toBe('1,10');
  });

  it('shows any other quote in US dollars with cents', () => {
    expect(formatQuote('AAPL', 143.660004, 'en')).toBe('$143.66');
    expect(formatQuote('BTC-USD', 2573.8, 'fr')).toBe('2\u202f573,80\u00a0$US');
  });
});
