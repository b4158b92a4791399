import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildAccountArchive, kindOf, recordsToCsv } from './account-archive';

describe('the account archive', () => {
  it('names each CSV after the record kind', () => {
    expect(kindOf({ table: 'holdings', item: { sk: 'HOLDING#01J' } })).toBe('holding');
    expect(kindOf({ table: 'users', item: { sk: 'PROFILE' } })).toBe('profile');
    expect(kindOf({ table: 'usage', item: { sk: 'VIEW#2026-01-02#AAPL' } })).toBe('view');
    expect(kindOf({ table: 'moderation', item: { sk: 'ITEM' } })).toBe('contact-message');
  });

  it('writes one column per attribute, nested values as JSON text, quoted where needed', () => {
    const csv = recordsToCsv([
      { symbol: 'AAPL', shares: 2, lines: [{ kind: 'plan' }] },
      { symbol: 'MSFT', note: 'a, b' },
    ]);
    // Columns sorted: lines, note, shares, symbol; Papa quotes fields holding a comma or a quote.
    expect(csv.split('\r\n')).toEqual([
      'lines,note,shares,symbol',
      '"[{""kind"":""plan""}]",,2,AAPL',
      ',"a, b",,MSFT',
    ]);
  });

  it('writes a cell a spreadsheet would run as a formula with a leading apostrophe, as the ledger export does', () => {
    const csv = recordsToCsv([
      { first_name: '=HYPERLINK("http://x","y")', note: '+1', city: '-2', tag: '@SUM(A1)', shares: -3 },
      { first_name: '\tTab', note: '\rReturn', city: 'a=b', tag: 'Ann', shares: 4 },
    ]);

    // Columns sorted: city, first_name, note, shares, tag. The apostrophe keeps each text as text;
    // a real negative number is a number, not a formula, and stays as it is.
    expect(csv.split('\r\n')).toEqual([
      'city,first_name,note,shares,tag',
      `"'-2","'=HYPERLINK(""http://x"",""y"")","'+1",-3,"'@SUM(A1)"`,
      `a=b,"'\tTab","'\rReturn",4,Ann`,
    ]);
  });

  it('zips account.json with every record and one CSV per table and kind', () => {
    const archive = buildAccountArchive({
      userId: 'sub-1',
      exportedAt: new Date('2026-03-01T00:00:00.000Z'),
      records: [
        { table: 'users', item: { pk: 'USER#sub-1', sk: 'PROFILE', email: 'a@example.test' } },
        { table: 'holdings', item: { pk: 'USER#sub-1', sk: 'HOLDING#1', symbol: 'AAPL' } },
        { table: 'holdings', item: { pk: 'USER#sub-1', sk: 'HOLDING#2', symbol: 'MSFT' } },
      ],
    });
    const files = unzipSync(archive);

    expect(Object.keys(files).sort()).toEqual([
      'account.json',
      'csv/holdings-holding.csv',
      'csv/users-profile.csv',
    ]);
    const document = JSON.parse(strFromU8(files['account.json'] as Uint8Array)) as Record<string, unknown>;
    expect(document).toMatchObject({
      user_id: 'sub-1',
      record_count: 3,
      exported_at: '2026-03-01T00:00:00.000Z',
    });
    expect(strFromU8(files['csv/holdings-holding.csv'] as Uint8Array).split('\r\n')).toHaveLength(3);
  });
});
