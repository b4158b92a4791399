import { describe, expect, it } from 'vitest';
import { unescapeFormulaCell, writeSpreadsheetCsv } from './spreadsheet-csv';

describe('CSV for spreadsheets', () => {
  it('writes every formula-starting text cell with a leading apostrophe, quoted', () => {
    const csv = writeSpreadsheetCsv(
      {
        fields: ['a', 'b'],
        data: [
          ['=1+1', '+2'],
          ['-3', '@x'],
          ['\tt', '\rr'],
          ['plain', -4],
        ],
      },
      { newline: '\n' },
    );

    expect(csv).toBe(['a,b', `"'=1+1","'+2"`, `"'-3","'@x"`, `"'\tt","'\rr"`, 'plain,-4'].join('\n'));
  });

  it('reads an escaped cell back as it was, and leaves an apostrophe that escaped nothing', () => {
    expect(unescapeFormulaCell("'=1+1")).toBe('=1+1');
    expect(unescapeFormulaCell("'quoted'")).toBe("'quoted'");
  });
});
