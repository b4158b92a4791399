import { describe, expect, it } from 'vitest';
import { recorded, secAnswering } from './fixtures/recorded-answers';
import { padCik } from './sec-company-data';

describe('SEC EDGAR company data (recorded answers)', () => {
  it('reads the ticker map with zero-padded CIKs, sending the User-Agent', async () => {
    const { data, seen } = secAnswering({
      '/files/company_tickers.json': recorded('company-tickers-first-20.json'),
    });
    const tickers = await data.fetchTickerMap();
    expect(tickers).toHaveLength(20);
    expect(tickers.find((entry) => entry.ticker === 'TSLA')).toEqual({
      ticker: 'TSLA',
      cik: '0001318605',
      title: 'Tesla, Inc.',
    });
    expect(seen[0]?.userAgent).toBe('Nugget tests (contact: tests@example.test)');
    expect(padCik(320193)).toBe('0000320193');
  });

  it('keeps every value of a kept tag with the date it was filed (a 10-K/A refiles the 10-K figure later)', async () => {
    const { data, seen } = secAnswering({
      '/api/xbrl/companyfacts/CIK0001318605.json': recorded('companyfacts-CIK0001318605-trimmed.json'),
    });
    const facts = await data.fetchCompanyFacts('1318605');
    expect(seen[0]?.url).toBe('https://data.sec.gov/api/xbrl/companyfacts/CIK0001318605.json');
    expect(facts.entityName).toBe('Tesla, Inc.');
    const shares = facts.concepts.find((concept) => concept.tag === 'EntityCommonStockSharesOutstanding');
    expect(shares).toMatchObject({ taxonomy: 'dei', unit: 'shares' });
    expect(shares?.facts).toHaveLength(50);
    expect(shares?.facts.filter((fact) => fact.end === '2020-02-07')).toEqual([
      {
        end: '2020-02-07',
        val: 181341586,
        accn: '0001564590-20-004475',
        fy: 2019,
        fp: 'FY',
        form: '10-K',
        filed: '2020-02-13',
      },
      {
        end: '2020-02-07',
        val: 181341586,
        accn: '0001564590-20-018984',
        fy: 2019,
        fp: 'FY',
        form: '10-K/A',
        filed: '2020-04-28',
        frame: 'CY2019Q4I',
      },
    ]);
    // Every tag of the recording is one the fundamentals read (sec-fundamentals.ts), so all are kept.
    expect(facts.concepts.map((concept) => concept.tag).sort()).toEqual(
      [
        'AccountsAndNotesReceivableNet',
        'AssetsCurrent',
        'EarningsPerShareBasic',
        'EarningsPerShareDiluted',
        'EntityCommonStockSharesOutstanding',
        'GrossProfit',
        'Liabilities',
        'LiabilitiesCurrent',
        'LongTermDebtCurrent',
        'LongTermDebtNoncurrent',
        'NetCashProvidedByUsedInOperatingActivities',
        'NetIncomeLoss',
        'OperatingIncomeLoss',
        'RevenueFromContractWithCustomerExcludingAssessedTax',
        'Revenues',
        'StockholdersEquity',
      ].sort(),
    );
    expect(facts.concepts.find((concept) => concept.tag === 'EarningsPerShareBasic')?.unit).toBe(
      'USD/shares',
    );
  });

  it('lists the periodic and current reports filed since a date, with 8-K item codes and the document URL', async () => {
    const { data } = secAnswering({
      '/submissions/CIK0001318605.json': recorded('submissions-CIK0001318605-trimmed.json'),
    });
    const result = await data.fetchFilings('0001318605', '2022-09-01');
    expect(result.name).toBe('Tesla, Inc.');
    expect(result.filings.map((filing) => [filing.filing_date, filing.form, filing.items.join(' ')])).toEqual(
      [
        ['2022-10-24', '10-Q', ''],
        ['2022-10-19', '8-K', '2.02 9.01'],
        ['2022-10-03', '8-K', '2.02 7.01 9.01'],
        ['2022-09-28', '8-K', '5.02 9.01'],
      ],
    );
    expect(result.filings[0]?.url).toBe(
      'https://www.sec.gov/Archives/edgar/data/1318605/000095017022019867/tsla-20220930.htm',
    );
  });
});
