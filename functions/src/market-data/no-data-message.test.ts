import { describe, expect, it } from 'vitest';
import { rendererFor } from '../platform/messages';
import { AppError } from '../platform/errors';
import { toHttpError } from './engine-mappers';
import { NoDataOnDateError } from './provider-errors';

/*
 * Issue 45: replay never shows what happens after the market date. A series with no data on the date
 * says why without naming a later date: one that starts later says so, one that ended names its (past)
 * last date, a gap in a running series names nothing else.
 */
function textOf(error: NoDataOnDateError, language: 'en' | 'fr' | 'es' = 'en'): string {
  const mapped = toHttpError(error);
  if (!(mapped instanceof AppError)) throw new Error('expected an HTTP error');
  return rendererFor(language)(mapped.userMessage);
}

describe('the no-data message of a replayed series', () => {
  it('hides the dates of a series that starts after the market date', () => {
    const text = textOf(new NoDataOnDateError('DXC', '2017-01-01', '2017-04-04', '2017-11-10'));
    expect(text).toBe('No data for DXC on Jan 1, 2017: its series starts later.');
    expect(textOf(new NoDataOnDateError('DXC', '2017-01-01', '2017-04-04', '2017-11-10'), 'fr')).toBe(
      'Aucune donnée pour DXC au 1 janv. 2017 : sa série commence plus tard.',
    );
  });

  it('names the last date of a series that ended before it', () => {
    const text = textOf(new NoDataOnDateError('AAPL-2007', '2017-01-01', '2007-04-24', '2012-05-01'));
    expect(text).toBe('No data for AAPL-2007 on Jan 1, 2017: its series ended on May 1, 2012.');
  });

  it('names no other date for a gap inside the series', () => {
    const text = textOf(new NoDataOnDateError('FB', '2017-01-01', '2012-05-18', '2017-11-10'));
    expect(text).toBe('No data for FB on Jan 1, 2017: no price in the 3 days up to it.');
  });
});
