import { describe, expect, it } from 'vitest';
import { planFetchWindow } from './fetch-window';

describe('planFetchWindow', () => {
  it('backfills two years (730 days) when nothing is stored, 365 for a provider that serves no more', () => {
    expect(planFetchWindow({ last_date: null, history_from: null }, '2024-12-31', null)).toEqual({
      from: '2023-01-02',
      to: '2024-12-31',
    });
    expect(planFetchWindow({ last_date: null, history_from: null }, '2024-12-31', 365)).toEqual({
      from: '2024-01-02',
      to: '2024-12-31',
    });
  });

  it('fetches incrementally with a five-day overlap once the history is there', () => {
    expect(
      planFetchWindow({ last_date: '2024-12-27', history_from: '2023-01-02' }, '2024-12-31', null),
    ).toEqual({
      from: '2024-12-22',
      to: '2024-12-31',
    });
  });

  it('fills the older gap in the same request when the wanted window moved back (a replay that started over)', () => {
    expect(
      planFetchWindow({ last_date: '2017-06-30', history_from: '2015-07-01' }, '2016-01-04', null),
    ).toEqual({
      from: '2014-01-05',
      to: '2016-01-04',
    });
    expect(
      planFetchWindow({ last_date: '2017-06-30', history_from: '2014-01-01' }, '2016-01-04', null),
    ).toEqual({
      from: '2015-12-30',
      to: '2016-01-04',
    });
  });
});
