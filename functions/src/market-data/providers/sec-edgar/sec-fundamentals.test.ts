import { describe, expect, it } from 'vitest';
import type { StoredConcept, StoredFact } from '../../../data/fundamentals-repository';
import { recorded, secAnswering } from './fixtures/recorded-answers';
import { secFundamentalsAsOf, splitFactorAfter } from './sec-fundamentals';

/*
 * A company written for these tests in companyfacts' shape (every figure chosen by hand):
 * - FY2020 first reported in the 10-K filed 2021-02-12 (revenue 790), restated to 800 as a
 *   comparative in the FY2021 10-K filed 2022-02-10;
 * - FY2021 reports revenue only under the fallback tag RevenueFromContractWithCustomer...;
 * - a 4:1 split shows on the cover page between 2022-01-31 (10 M shares) and 2022-07-31 (40 M);
 * - a 10-Q quarter that must never count as a year.
 */

const FY20_10K = { accn: 'A-20', form: '10-K', filed: '2021-02-12', fy: 2020, fp: 'FY' };
const FY21_10K = { accn: 'A-21', form: '10-K', filed: '2022-02-10', fy: 2021, fp: 'FY' };
const FY22_10K = { accn: 'A-22', form: '10-K', filed: '2023-02-15', fy: 2022, fp: 'FY' };
const Q1_10Q = { accn: 'Q-22', form: '10-Q', filed: '2022-05-05', fy: 2022, fp: 'Q1' };

const year = (y: number) => ({ start: `${y}-01-01`, end: `${y}-12-31` });
const atEnd = (y: number) => ({ end: `${y}-12-31` });

function concept(tag: string, facts: StoredFact[], taxonomy = 'us-gaap'): StoredConcept {
  return {
    cik: '0000000001',
    taxonomy,
    tag,
    unit: 'USD',
    label: tag,
    facts,
    source: 'test',
    fetched_at: '2023-03-01T00:00:00Z',
  };
}

const concepts: StoredConcept[] = [
  concept('Revenues', [{ ...year(2020), val: 790, ...FY20_10K }]),
  concept('RevenueFromContractWithCustomerExcludingAssessedTax', [
    { ...year(2020), val: 800, ...FY21_10K },
    { ...year(2021), val: 1000, ...FY21_10K },
    { ...year(2022), val: 1200, ...FY22_10K },
    { start: '2022-01-01', end: '2022-03-31', val: 280, ...Q1_10Q },
  ]),
  concept('NetIncomeLoss', [
    { ...year(2020), val: 60, ...FY20_10K },
    { ...year(2020), val: 60, ...FY21_10K },
    { ...year(2021), val: 100, ...FY21_10K },
    { ...year(2022), val: 90, ...FY22_10K },
  ]),
  concept('GrossProfit', [{ ...year(2021), val: 400, ...FY21_10K }]),
  concept('OperatingIncomeLoss', [
    { ...year(2020), val: 80, ...FY21_10K },
    { ...year(2021), val: 120, ...FY21_10K },
  ]),
  concept('EarningsPerShareBasic', [
    { ...year(2020), val: 1.2, ...FY20_10K },
    { ...year(2021), val: 2, ...FY21_10K },
    { ...year(2022), val: 0.45, ...FY22_10K },
  ]),
  concept('NetCashProvidedByUsedInOperatingActivities', [{ ...year(2021), val: 150, ...FY21_10K }]),
  concept('StockholdersEquity', [
    { ...atEnd(2020), val: 450, ...FY21_10K },
    { ...atEnd(2021), val: 500, ...FY21_10K },
  ]),
  concept('AssetsCurrent', [{ ...atEnd(2021), val: 300, ...FY21_10K }]),
  concept('LiabilitiesCurrent', [{ ...atEnd(2021), val: 200, ...FY21_10K }]),
  concept('LongTermDebtNoncurrent', [{ ...atEnd(2021), val: 250, ...FY21_10K }]),
  concept('LongTermDebtCurrent', [{ ...atEnd(2021), val: 50, ...FY21_10K }]),
  concept('Liabilities', [{ ...atEnd(2021), val: 700, ...FY21_10K }]),
  concept(
    'EntityCommonStockSharesOutstanding',
    [
      { end: '2021-01-31', val: 10_000_000, ...FY20_10K },
      { end: '2022-01-31', val: 10_000_000, ...FY21_10K },
      {
        end: '2022-07-31',
        val: 40_000_000,
        accn: 'Q-22b',
        form: '10-Q',
        filed: '2022-08-05',
        fy: 2022,
        fp: 'Q2',
      },
    ],
    'dei',
  ),
];

describe('fundamentals from SEC companyfacts, point in time by filing date', () => {
  it('knows nothing before the first annual report is filed', () => {
    expect(secFundamentalsAsOf('TEST', concepts, '2021-02-11')).toBeNull();
  });

  it('reads a year as first reported until a later report restates it, never before', () => {
    const before = secFundamentalsAsOf('TEST', concepts, '2022-02-09');
    expect(before?.latest.period_ending).toBe('2020-12-31');
    expect(before?.latest.total_revenue).toBe(790);
    expect(before?.previous).toBeNull();
    // 1.20 was reported before the 4:1 split of 2022: divided by 4 to match split-adjusted prices.
    expect(before?.eps_split_factor).toBe(4);

    const after = secFundamentalsAsOf('TEST', concepts, '2022-02-10');
    expect(after?.latest.period_ending).toBe('2021-12-31');
    expect(after?.previous?.period_ending).toBe('2020-12-31');
    expect(after?.previous?.total_revenue).toBe(800);
  });

  it('derives the ratios from the tags and their fallbacks', () => {
    const known = secFundamentalsAsOf('TEST', concepts, '2022-06-30');
    expect(known?.latest).toEqual({
      symbol: 'TEST',
      period_ending: '2021-12-31',
      fiscal_year: 2021,
      total_revenue: 1000, // fallback tag: Revenues has no FY2021 value
      net_income: 100,
      gross_margin_pct: 40, // 400 / 1000
      operating_margin_pct: 12, // 120 / 1000
      profit_margin_pct: 10, // 100 / 1000
      after_tax_roe_pct: 20, // 100 / 500
      current_ratio: 1.5, // 300 / 200
      total_liabilities: 700,
      total_equity: 500,
      long_term_debt: 250,
      short_term_debt: 50,
      earnings_per_share: 2,
      operating_cash_flow: 150,
      shares_outstanding: 10_000_000, // the cover page of 2022-01-31; the 10-Q's 40 M is not filed yet
    });
    expect(known?.previous?.operating_margin_pct).toBe(10); // 80 / 800, the restated revenue
    expect(known?.eps_split_factor).toBe(4);
  });

  it('needs no conversion for a report filed after the split', () => {
    const known = secFundamentalsAsOf('TEST', concepts, '2023-03-01');
    expect(known?.latest.earnings_per_share).toBe(0.45);
    expect(known?.eps_split_factor).toBe(1);
    // FY2022 has no balance sheet in this file: missing, not zero.
    expect(known?.latest.total_equity).toBeNull();
    expect(known?.latest.after_tax_roe_pct).toBeNull();
    expect(known?.latest.current_ratio).toBeNull();
  });

  it('never makes a year out of quarterly reports', () => {
    const quarterOnly = [
      concept('Revenues', [{ start: '2022-01-01', end: '2022-03-31', val: 280, ...Q1_10Q }]),
    ];
    expect(secFundamentalsAsOf('TEST', quarterOnly, '2023-01-01')).toBeNull();
  });

  it('takes Revenues before its fallbacks, and LongTermDebt (current part included) alone', () => {
    const both = [
      concept('Revenues', [{ ...year(2021), val: 1100, ...FY21_10K }]),
      concept('RevenueFromContractWithCustomerExcludingAssessedTax', [
        { ...year(2021), val: 1000, ...FY21_10K },
      ]),
      concept('LongTermDebt', [{ ...atEnd(2021), val: 300, ...FY21_10K }]),
      concept('LongTermDebtCurrent', [{ ...atEnd(2021), val: 50, ...FY21_10K }]),
    ];
    const known = secFundamentalsAsOf('TEST', both, '2022-03-01');
    expect(known?.latest.total_revenue).toBe(1100);
    expect(known?.latest.long_term_debt).toBe(300);
    expect(known?.latest.short_term_debt).toBeNull();
  });

  it('counts each share-count jump of 1.5x or more after the filing as a split', () => {
    const counts = [
      { end: '2020-07-20', val: 186_361_726 },
      { end: '2020-10-20', val: 947_900_733 }, // 5.09x: 5
      { end: '2022-07-19', val: 1_044_490_015 },
      { end: '2022-10-18', val: 3_157_752_449 }, // 3.02x: 3
    ].map((fact) => ({ ...fact, accn: 'x', fy: null, fp: null, form: '10-Q', filed: fact.end }));
    expect(splitFactorAfter(counts, '2020-02-13')).toBe(15);
    expect(splitFactorAfter(counts, '2021-02-08')).toBe(3);
    expect(splitFactorAfter(counts, '2022-11-01')).toBe(1);
  });
});

/** Tesla's real companyfacts (fixtures/README.md), read through the adapter as the worker stores them. */
async function teslaConcepts(): Promise<StoredConcept[]> {
  const { data } = secAnswering({
    '/api/xbrl/companyfacts/CIK0001318605.json': recorded('companyfacts-CIK0001318605-trimmed.json'),
  });
  const facts = await data.fetchCompanyFacts('1318605');
  return facts.concepts.map((concept) => ({
    cik: '0001318605',
    ...concept,
    source: 'SEC EDGAR companyfacts',
    fetched_at: '2022-12-01T00:00:00Z',
  }));
}

describe('Tesla’s recorded companyfacts', () => {
  // Every expected figure below is read off the recorded 10-K values (fixtures/README.md lists them).
  it('reads fiscal 2021 from the 10-K filed 2022-02-07, and not the day before', async () => {
    const concepts = await teslaConcepts();
    const dayBefore = secFundamentalsAsOf('TSLA', concepts, '2022-02-06');
    expect(dayBefore?.latest.period_ending).toBe('2020-12-31');
    expect(dayBefore?.latest.total_revenue).toBe(31_536_000_000);

    const known = secFundamentalsAsOf('TSLA', concepts, '2022-02-07');
    expect(known?.latest).toMatchObject({
      period_ending: '2021-12-31',
      total_revenue: 53_823_000_000,
      net_income: 5_519_000_000,
      earnings_per_share: 5.6,
      operating_cash_flow: 11_497_000_000,
      total_equity: 30_189_000_000,
      total_liabilities: 30_548_000_000,
      // The cover page of the same 10-K: shares outstanding on 2022-01-31.
      shares_outstanding: 1_033_507_611,
      // Tesla reports no LongTermDebtNoncurrent after 2014 in this recording: unknown, not zero.
      long_term_debt: null,
    });
    expect(known?.latest.profit_margin_pct).toBeCloseTo((5_519 / 53_823) * 100, 10);
    expect(known?.latest.gross_margin_pct).toBeCloseTo((13_606 / 53_823) * 100, 10);
    expect(known?.latest.operating_margin_pct).toBeCloseTo((6_523 / 53_823) * 100, 10);
    expect(known?.latest.after_tax_roe_pct).toBeCloseTo((5_519 / 30_189) * 100, 10);
    expect(known?.latest.current_ratio).toBeCloseTo(27_100 / 19_705, 10);
    expect(known?.previous).toMatchObject({ period_ending: '2020-12-31', net_income: 721_000_000 });
    // Reported before the 3:1 split of 2022 (cover page: 1.04 bn shares in July, 3.16 bn in October).
    expect(known?.eps_split_factor).toBe(3);
  });

  it('converts the EPS of fiscal 2019, reported before both splits, by 5 x 3', async () => {
    const known = secFundamentalsAsOf('TSLA', await teslaConcepts(), '2020-03-01');
    expect(known?.latest).toMatchObject({
      period_ending: '2019-12-31',
      earnings_per_share: -4.92,
      net_income: -862_000_000,
    });
    expect(known?.eps_split_factor).toBe(15);
  });
});
