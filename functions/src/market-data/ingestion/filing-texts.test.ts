import { describe, expect, it } from 'vitest';
import type { StoredFiling } from '../../data/fundamentals-repository';
import { recorded, secAnswering } from '../providers/sec-edgar/fixtures/recorded-answers';
import type { SecFiling } from '../providers/sec-edgar/sec-company-data';
import { MAX_FILING_TEXTS, readFilingTexts } from './filing-texts';

const CIK = '0000885245';
const NOW = new Date('2024-11-25T15:00:00Z');
const archive = 'https://www.sec.gov/Archives/edgar/data/885245';

/** A filing as the submissions list it; accession numbers are illustrative, the documents recorded. */
function filing(accession: string, form: string, filingDate: string, document: string): SecFiling {
  return {
    accession,
    form,
    filing_date: filingDate,
    report_date: null,
    acceptance_time: null,
    items: form === '8-K' ? ['2.02', '9.01'] : [],
    primary_document: document,
    description: '',
    url: `${archive}/${accession.replace(/-/g, '')}/${document}`,
  };
}

function deps(stored: StoredFiling[] = []) {
  const sec = secAnswering({
    '/bke-20241122.htm': recorded('8-K-BKE-20241122-trimmed.htm'),
    '/bke20241122-8kexhibit.htm': recorded('EX-99.1-BKE-20241122-trimmed.htm'),
  });
  return {
    seen: sec.seen,
    deps: {
      sec: sec.data,
      now: () => NOW,
      fundamentals: { listFilings: async () => stored },
    },
  };
}

describe('the words of a company’s recent 8-Ks', () => {
  it('reads a recent 8-K’s press release (Exhibit 99.1), two requests, and skips 10-Qs and old 8-Ks', async () => {
    const { deps: d, seen } = deps();
    const recent = filing('0000885245-24-000047', '8-K', '2024-11-22', 'bke-20241122.htm');
    // Seven days back from the 25th is the 18th: an 8-K of the 1st is outside the window.
    const old = filing('0000885245-24-000030', '8-K', '2024-11-01', 'bke-20241101.htm');
    const quarterly = filing('0000885245-24-000046', '10-Q', '2024-11-22', 'bke-20241102.htm');
    const texts = await readFilingTexts(d, CIK, [recent, old, quarterly]);
    expect([...texts.keys()]).toEqual(['0000885245-24-000047']);
    expect(texts.get(recent.accession)?.text_source).toBe('exhibit_99');
    expect(texts.get(recent.accession)?.text_excerpt).toMatch(/^KEARNEY, NE -- \(BUSINESS WIRE\)/);
    expect(seen.map((request) => request.url)).toEqual([
      recent.url,
      `${archive}/000088524524000047/bke20241122-8kexhibit.htm`,
    ]);
  });

  it('keeps the words already stored instead of reading the filing again', async () => {
    const recent = filing('0000885245-24-000047', '8-K', '2024-11-22', 'bke-20241122.htm');
    const stored = {
      ...recent,
      cik: CIK,
      source: 'SEC EDGAR submissions',
      fetched_at: '2024-11-24T10:00:00Z',
      text_excerpt: 'stored words',
      text_source: 'items' as const,
    };
    const { deps: d, seen } = deps([stored]);
    const texts = await readFilingTexts(d, CIK, [recent]);
    expect(texts.get(recent.accession)).toEqual({ text_excerpt: 'stored words', text_source: 'items' });
    expect(seen).toHaveLength(0);
  });

  it('leaves a filing whose document is gone without words, and reads at most five per run', async () => {
    const { deps: d, seen } = deps();
    const missing = Array.from({ length: 7 }, (_, index) =>
      filing(`0000885245-24-00010${index}`, '8-K', '2024-11-21', `gone-${index}.htm`),
    );
    const texts = await readFilingTexts(d, CIK, missing);
    expect(texts.size).toBe(0);
    expect(seen).toHaveLength(MAX_FILING_TEXTS);
  });

  it('falls back to the items’ own text when the 8-K links no press release', async () => {
    const { deps: d } = deps();
    const itemsOnly = recorded('8-K-BKE-20241122-trimmed.htm').replace(
      /<a [^>]*href="bke20241122-8kexhibit.htm">Exhibit 99.1<\/a>/,
      'Exhibit 99.1',
    );
    const sec = secAnswering({ '/bke-20241122.htm': itemsOnly });
    const recent = filing('0000885245-24-000047', '8-K', '2024-11-22', 'bke-20241122.htm');
    const texts = await readFilingTexts({ ...d, sec: sec.data }, CIK, [recent]);
    expect(texts.get(recent.accession)).toEqual({
      text_excerpt: expect.stringMatching(
        /^On November 22, 2024, The Buckle, Inc. announced financial results/,
      ),
      text_source: 'items',
    });
  });
});
