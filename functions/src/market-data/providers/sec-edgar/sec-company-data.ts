import * as z from 'zod';
import type { IsoDate } from '../../../engine/types';
import type { StoredFact } from '../../../data/fundamentals-repository';
import type { ProviderDescription } from '../../bars-provider';
import { ProviderUnavailableError } from '../../provider-errors';
import { getProviderJson, type ProviderClientOptions } from '../http/ingestion-errors';
import { SEC_FUNDAMENTAL_TAGS, SHARES_OUTSTANDING_TAG } from './sec-fundamentals';

/*
 * SEC EDGAR's company data (free, no key; a User-Agent naming the operator and a contact address is
 * required, and at most 10 requests a second):
 *
 *   GET {SEC_FILES_BASE_URL}/files/company_tickers.json
 *       -> { "0": { cik_str: 789019, ticker: "MSFT", title: "MICROSOFT CORP" }, ... }
 *   GET {SEC_DATA_BASE_URL}/api/xbrl/companyfacts/CIK##########.json
 *       -> { cik, entityName, facts: { <taxonomy>: { <tag>: { label, units: { <unit>: [
 *            { start?, end, val, accn, fy, fp, form, filed, frame? } ] } } } } }
 *   GET {SEC_DATA_BASE_URL}/submissions/CIK##########.json
 *       -> { cik, name, tickers, exchanges, sic, filings: { recent: { accessionNumber[], filingDate[],
 *            reportDate[], acceptanceDateTime[], form[], items[], primaryDocument[],
 *            primaryDocDescription[], ... } } }   (parallel arrays, newest first)
 *
 * A filing's document: {SEC_FILES_BASE_URL}/Archives/edgar/data/{cik}/{accession without dashes}/{document}.
 */

export const SEC_EDGAR_DESCRIPTION: ProviderDescription = {
  name: 'sec-edgar',
  title: 'SEC EDGAR',
  terms: 'Free; a User-Agent with a contact address is required; at most 10 requests a second.',
};

/**
 * The tags kept from companyfacts: what the fundamentals read, with their fallbacks
 * (sec-fundamentals.ts, README.md "Fundamentals from companyfacts"), total assets, and the share
 * count on the cover page.
 */
export const SEC_FACT_TAGS: Readonly<Record<'us-gaap' | 'dei', readonly string[]>> = {
  'us-gaap': [
    ...new Set([...Object.values(SEC_FUNDAMENTAL_TAGS).flat(), 'Assets', 'AccountsAndNotesReceivableNet']),
  ],
  dei: [SHARES_OUTSTANDING_TAG],
};

/** Forms kept from submissions: periodic reports and current reports (8-K item codes become catalysts). */
export const SEC_FILING_FORMS = new Set([
  '8-K',
  '8-K/A',
  '10-K',
  '10-K/A',
  '10-Q',
  '10-Q/A',
  '20-F',
  '40-F',
  '6-K',
]);

export interface SecTicker {
  ticker: string;
  /** Ten digits, zero-padded, as EDGAR's URLs want it. */
  cik: string;
  title: string;
}

/** One reported value of a tag: stored as companyfacts lists it (data/fundamentals-repository.ts). */
export type SecFact = StoredFact;

export interface SecConcept {
  taxonomy: 'us-gaap' | 'dei';
  tag: string;
  unit: string;
  label: string;
  facts: SecFact[];
}

export interface SecFiling {
  accession: string;
  form: string;
  filing_date: IsoDate;
  report_date: IsoDate | null;
  acceptance_time: string | null;
  items: string[];
  primary_document: string;
  description: string;
  url: string;
}

export interface SecCompanyData {
  fetchTickerMap(): Promise<SecTicker[]>;
  fetchCompanyFacts(cik: string): Promise<{ entityName: string; concepts: SecConcept[] }>;
  /** Filings of the kept forms filed on or after `since`, newest first. */
  fetchFilings(
    cik: string,
    since: IsoDate,
  ): Promise<{ name: string; tickers: string[]; filings: SecFiling[] }>;
  /** A filing's document (an 8-K, its press release) as EDGAR serves it, HTML as text. */
  fetchDocument(url: string, cik: string): Promise<string>;
}

export interface SecCompanyDataOptions extends ProviderClientOptions {
  filesBaseUrl: string;
  dataBaseUrl: string;
  userAgent: string;
}

export const padCik = (cik: string | number) => String(cik).replace(/^0+/, '').padStart(10, '0');

const TickerMapSchema = z.record(
  z.string(),
  z.object({ cik_str: z.union([z.number(), z.string()]), ticker: z.string(), title: z.string() }),
);

const FactSchema = z.looseObject({
  start: z.string().optional(),
  end: z.string(),
  val: z.number(),
  accn: z.string(),
  fy: z.number().nullish(),
  fp: z.string().nullish(),
  form: z.string(),
  filed: z.string(),
  frame: z.string().optional(),
});
const CompanyFactsSchema = z.looseObject({
  entityName: z.string(),
  facts: z.record(
    z.string(),
    z.record(
      z.string(),
      z.looseObject({ label: z.string().nullish(), units: z.record(z.string(), z.array(FactSchema)) }),
    ),
  ),
});

const column = z.array(z.string()).optional();
const SubmissionsSchema = z.looseObject({
  name: z.string(),
  tickers: z.array(z.string()).optional(),
  filings: z.looseObject({
    recent: z.looseObject({
      accessionNumber: z.array(z.string()),
      filingDate: z.array(z.string()),
      form: z.array(z.string()),
      reportDate: column,
      acceptanceDateTime: column,
      items: column,
      primaryDocument: column,
      primaryDocDescription: column,
    }),
  }),
});

function malformed(what: string, error: z.ZodError): ProviderUnavailableError {
  return new ProviderUnavailableError(
    'sec-edgar',
    null,
    'failing',
    `unexpected ${what}: ${error.issues[0]?.message}`,
  );
}

export function createSecCompanyData(options: SecCompanyDataOptions): SecCompanyData {
  const files = options.filesBaseUrl.replace(/\/+$/, '');
  const data = options.dataBaseUrl.replace(/\/+$/, '');
  const get = (url: string, subject: string, responseFormat: 'json' | 'text' = 'json') =>
    getProviderJson(SEC_EDGAR_DESCRIPTION.name, subject, url, options, {
      timeoutMs: 15_000,
      headers: { 'user-agent': options.userAgent },
      responseFormat,
    });

  return {
    async fetchTickerMap() {
      const parsed = TickerMapSchema.safeParse(
        await get(`${files}/files/company_tickers.json`, 'company_tickers.json'),
      );
      if (!parsed.success) throw malformed('company_tickers.json', parsed.error);
      return Object.values(parsed.data).map((entry) => ({
        ticker: entry.ticker.toUpperCase(),
        cik: padCik(entry.cik_str),
        title: entry.title,
      }));
    },

    async fetchCompanyFacts(cik) {
      const parsed = CompanyFactsSchema.safeParse(
        await get(`${data}/api/xbrl/companyfacts/CIK${padCik(cik)}.json`, cik),
      );
      if (!parsed.success) throw malformed('companyfacts', parsed.error);
      const concepts: SecConcept[] = [];
      for (const taxonomy of ['us-gaap', 'dei'] as const) {
        for (const tag of SEC_FACT_TAGS[taxonomy]) {
          const concept = parsed.data.facts[taxonomy]?.[tag];
          if (!concept) continue;
          for (const [unit, facts] of Object.entries(concept.units)) {
            concepts.push({
              taxonomy,
              tag,
              unit,
              label: concept.label ?? tag,
              facts: facts.map((fact) => ({
                ...(fact.start ? { start: fact.start } : {}),
                end: fact.end,
                val: fact.val,
                accn: fact.accn,
                fy: fact.fy ?? null,
                fp: fact.fp ?? null,
                form: fact.form,
                filed: fact.filed,
                ...(fact.frame ? { frame: fact.frame } : {}),
              })),
            });
          }
        }
      }
      return { entityName: parsed.data.entityName, concepts };
    },

    async fetchDocument(url, cik) {
      // Only EDGAR's own archive: the URL comes from the submissions or from a link inside a filing.
      if (!url.startsWith(`${files}/Archives/edgar/data/`)) {
        throw new ProviderUnavailableError(
          'sec-edgar',
          null,
          'refused',
          `${cik}: not an EDGAR archive URL: ${url}`,
        );
      }
      return String(await get(url, cik, 'text'));
    },

    async fetchFilings(cik, since) {
      const parsed = SubmissionsSchema.safeParse(
        await get(`${data}/submissions/CIK${padCik(cik)}.json`, cik),
      );
      if (!parsed.success) throw malformed('submissions', parsed.error);
      const recent = parsed.data.filings.recent;
      const filings: SecFiling[] = [];
      recent.accessionNumber.forEach((accession, index) => {
        const form = recent.form[index] ?? '';
        const filingDate = recent.filingDate[index] ?? '';
        if (!SEC_FILING_FORMS.has(form) || filingDate < since) return;
        const document = recent.primaryDocument?.[index] ?? '';
        filings.push({
          accession,
          form,
          filing_date: filingDate,
          report_date: recent.reportDate?.[index] || null,
          acceptance_time: recent.acceptanceDateTime?.[index] || null,
          items: (recent.items?.[index] ?? '')
            .split(',')
            .map((item) => item.trim())
            .filter((item) => /^\d{1,2}\.\d{2}$/.test(item)),
          primary_document: document,
          description: recent.primaryDocDescription?.[index] ?? '',
          url: `${files}/Archives/edgar/data/${Number(padCik(cik))}/${accession.replace(/-/g, '')}/${document}`,
        });
      });
      return { name: parsed.data.name, tickers: parsed.data.tickers ?? [], filings };
    },
  };
}
