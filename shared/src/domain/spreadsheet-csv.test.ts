import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { type CsvTable, unescapeFormulaCell, writeSpreadsheetCsv } from './spreadsheet-csv';

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

  it('quotes cells with the delimiter, a quote, a line break or an edge space, and writes a header-only table with its line break', () => {
    const csv = writeSpreadsheetCsv(
      {
        fields: ['name', 'note'],
        data: [
          { name: 'a;b', note: 'say "hi"' },
          { name: ' lead', note: 'line\nbreak' },
          { name: null, note: true },
        ],
      },
      { delimiter: ';', newline: '\n' },
    );
    expect(csv).toBe(['name;note', '"a;b";"say ""hi"""', '" lead";"line\nbreak"', ';true'].join('\n'));
    expect(writeSpreadsheetCsv({ fields: ['a', 'b'], data: [] })).toBe('a,b\r\n');
  });

  it('writes what papaparse unparse wrote for the same tables and options', () => {
    const tables = [
      {
        fields: ['a', 'b'],
        data: [
          ['=x', -1.5],
          ['-1234,56', '1,5'],
          ['', null],
        ],
      },
      {
        fields: ['k', 'v'],
        data: [{ k: 'x', v: '@y' }, {}, { k: ' s ', v: 'tail ' }, { k: 'é\ufeff', v: 0 }],
      },
      { fields: ['only'], data: [] },
      { fields: [], data: [['no', 'header'], []] },
    ];
    const optionSets = [{}, { delimiter: ';' as const, newline: '\n' as const, localisedNumbers: true }];
    for (const table of tables)
      for (const options of optionSets) {
        const reference = Papa.unparse(
          { fields: [...table.fields], data: table.data as unknown[] },
          {
            escapeFormulae: options.localisedNumbers ? /^(?!-?\d+(?:[.,]\d+)?$)[=+\-@\t\r]/ : /^[=+\-@\t\r]/,
            newline: options.newline ?? '\r\n',
            delimiter: options.delimiter ?? ',',
          },
        );
        expect(writeSpreadsheetCsv(table as CsvTable, options)).toBe(reference);
      }
  });
});
