import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, withQueryClient, type RecordedRequest } from '@/kit/test/fake-api';
import { renderWithProviders } from '@/kit/test/render';
import { ImportSection } from './import-section';

const WAIT = { timeout: 15_000 };
const HEADERS = ['Sens', 'Jour', 'Valeur', 'Nombre', 'Cours'];
const FILE = 'Sens;Jour;Valeur;Nombre;Cours\nAchat;01/06/2016;AAPL;3;98,50\n';
/** What the server proposes for this header: the mapping the user saved for it earlier. */
const SAVED = {
  columns: { type: 'Sens', date: 'Jour', symbol: 'Valeur', quantity: 'Nombre', price: 'Cours' },
  type_values: { Achat: 'BUY' },
  date_format: 'DD/MM/YYYY',
  decimal_separator: ',',
};

function previewAnswer(mapping: typeof SAVED, source: string) {
  return {
    format: 'mapped-csv',
    mapping: { signature: 'a'.repeat(32), headers: HEADERS, used: mapping, source },
    market_date: '2017-01-01',
    file_issues: [],
    rows: [
      {
        row_number: 2,
        cells: { Sens: 'Achat', Jour: '01/06/2016', Valeur: 'AAPL', Nombre: '3', Cours: '98,50' },
        status: 'valid',
        transaction: {
          type: 'BUY',
          date: '2016-06-01',
          symbol: 'AAPL',
          quantity: 3,
          price: 98.5,
          fee: 0,
          currency: 'USD',
          estimated: false,
        },
        issues: [],
        warnings: [],
      },
    ],
    summary: { rows: 1, valid: 1, invalid: 0, duplicate: 0, already_imported: 0 },
  };
}

function fakeImportApi(): RecordedRequest[] {
  return installFakeApi((request) => {
    if (request.path.endsWith('/import-preview')) {
      const body = request.body as { mapping?: typeof SAVED };
      return { body: body.mapping ? previewAnswer(body.mapping, 'request') : previewAnswer(SAVED, 'saved') };
    }
    if (request.path === '/api/portfolio/import-mappings' && request.method === 'PUT') {
      const body = request.body as { headers: string[]; mapping: typeof SAVED };
      return { body: { signature: 'a'.repeat(32), ...body, updated_at: '2026-11-24T00:00:00.000Z' } };
    }
    if (request.path === '/api/portfolio/transactions/import') {
      return {
        body: {
          imported: 1,
          skipped: 1,
          transactions: 1,
          refused: [
            {
              row_number: 3,
              issues: [
                { field: 'symbol', code: 'LEDGER_SYMBOL_UNKNOWN', params: { symbol: 'XX' }, text: 'x' },
              ],
            },
          ],
        },
      };
    }
    return undefined;
  });
}

async function uploadAndPreview() {
  await renderWithProviders(withQueryClient(<ImportSection />));
  fireEvent.change(screen.getByLabelText('File format'), { target: { value: 'mapped-csv' } });
  const input = screen.getByLabelText('File') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([FILE], 'bank.csv', { type: 'text/csv' })] } });
  await waitFor(
    () => expect(screen.getByText('Preview').closest('button')?.hasAttribute('disabled')).toBe(false),
    WAIT,
  );
  fireEvent.click(screen.getByText('Preview'));
  // Generous waits: on a loaded machine the first render of the screen takes more than a second.
  await screen.findByText('The mapping you saved for files with these columns.', undefined, WAIT);
}

describe('the column mapping screen', () => {
  it('shows the mapping the server proposes for the header, field by field, beside the rows it read', async () => {
    const requests = fakeImportApi();
    await uploadAndPreview();
    // The first preview sends no mapping: the server looks up the one saved for this header.
    expect(requests.find((request) => request.path.endsWith('/import-preview'))?.body).toEqual({
      format: 'mapped-csv',
      content: FILE,
    });
    expect((screen.getByLabelText('Date') as HTMLSelectElement).value).toBe('Jour');
    expect((screen.getByLabelText('Type') as HTMLSelectElement).value).toBe('Sens');
    expect((screen.getByLabelText('Fees') as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText('Dates written as') as HTMLSelectElement).value).toBe('DD/MM/YYYY');
    expect((screen.getByLabelText('“Achat” in the file means') as HTMLSelectElement).value).toBe('BUY');
    expect(screen.getByText('Ready to import')).toBeTruthy();
  }, 60_000);

  it('previews again with the columns the user changed, then remembers that mapping for the header', async () => {
    const requests = fakeImportApi();
    await uploadAndPreview();
    fireEvent.change(screen.getByLabelText('Price per unit'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: 'Cours' } });
    expect(screen.getByText('Changed: preview again to see the rows read this way.')).toBeTruthy();
    fireEvent.click(screen.getByText('Preview with this mapping'));
    await waitFor(
      () => expect(requests.filter((request) => request.path.endsWith('/import-preview'))).toHaveLength(2),
      WAIT,
    );
    const expected = {
      ...SAVED,
      columns: { type: 'Sens', date: 'Jour', symbol: 'Valeur', quantity: 'Nombre', amount: 'Cours' },
    };
    expect(requests.filter((request) => request.path.endsWith('/import-preview'))[1]?.body).toEqual({
      format: 'mapped-csv',
      content: FILE,
      mapping: expected,
    });

    fireEvent.click(await screen.findByText('Remember for files with these columns', undefined, WAIT));
    expect(
      await screen.findByText(/Saved: the next file with the same columns/, undefined, WAIT),
    ).toBeTruthy();
    const saved = requests.find((request) => request.method === 'PUT');
    expect(saved?.body).toEqual({ headers: HEADERS, mapping: expected });
  }, 60_000);

  it('will not remember a mapping without a date column, and says which field is missing', async () => {
    const requests = fakeImportApi();
    await uploadAndPreview();
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '' } });
    expect(screen.getByText('Date: choose the column that holds it.')).toBeTruthy();
    const remember = screen.getByText('Remember for files with these columns').closest('button');
    expect(remember?.hasAttribute('disabled')).toBe(true);
    fireEvent.click(remember as HTMLButtonElement);
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(0);
  }, 60_000);

  it('sends all or nothing when the user ticks it, and lists each refused row with its reason', async () => {
    const requests = fakeImportApi();
    await uploadAndPreview();
    fireEvent.click(screen.getByLabelText('Import only if every row is valid (all or nothing)'));
    fireEvent.click(screen.getByText('Import the valid rows (1)'));

    expect(await screen.findByText(/^Row 3 not imported: /, undefined, WAIT)).toBeTruthy();
    const sent = requests.find((request) => request.path === '/api/portfolio/transactions/import');
    expect(sent?.body).toMatchObject({ format: 'mapped-csv', all_or_nothing: true });
  }, 60_000);
});
