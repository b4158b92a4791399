import { describe, expect, it } from 'vitest';
import { countNewPicks, readSeenPicks, rememberSeenPicks } from './new-picks';

describe('new picks since the last visit', () => {
  it('counts every pick before the first visit', () => {
    expect(countNewPicks(['AAPL', 'MSFT', 'KO'], null)).toBe(3);
  });

  it('counts only the picks the last visit did not show', () => {
    // KO and JNJ are new; AAPL was seen; MSFT left the list and counts for nothing.
    expect(countNewPicks(['AAPL', 'KO', 'JNJ'], ['AAPL', 'MSFT'])).toBe(2);
    expect(countNewPicks(['AAPL'], ['AAPL'])).toBe(0);
  });

  it('remembers the seen picks per user', () => {
    rememberSeenPicks('user-a', ['AAPL', 'MSFT']);
    expect(readSeenPicks('user-a')).toEqual(['AAPL', 'MSFT']);
    expect(readSeenPicks('user-b')).toBeNull();
  });

  it('reads a damaged entry as no visit', () => {
    localStorage.setItem('nugget.seenPicks.user-c', '{not json');
    expect(readSeenPicks('user-c')).toBeNull();
  });
});
