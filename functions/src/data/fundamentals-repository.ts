import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { IsoDate } from '../engine/types';
import { batchPutAll, queryAll, stripKeys } from './dynamo-helpers';
import { keys } from './keys';

/*
 * Fundamental facts and filings of SEC filers, by CIK (access patterns: infra/README.md "The stored
 * market"). Facts keep every value SEC `companyfacts` lists with the date it was filed, so a reader
 * can take, for any past date, only what was public then (point in time).
 *
 * | Pattern                         | Key                                                                  |
 * | ------------------------------- | -------------------------------------------------------------------- |
 * | every fact of a company         | Query pk=CIK#<cik>, sk begins_with FACTS#                           |
 * | store a tag's facts             | PutItem pk=CIK#<cik>, sk=FACTS#<taxonomy>:<tag>                      |
 * | a company's filings, newest first | Query pk=CIK#<cik>, sk BETWEEN FILING#<from> AND FILING#<to>, desc |
 * | store a filing (idempotent)     | PutItem pk=CIK#<cik>, sk=FILING#<filing date>#<accession>           |
 */

/** One reported value of a tag, as companyfacts lists it. */
export interface StoredFact {
  /** Period start (duration facts such as revenue); absent for instants (balance-sheet items). */
  start?: IsoDate;
  end: IsoDate;
  val: number;
  /** Accession number of the filing that reported it. */
  accn: string;
  fy: number | null;
  fp: string | null;
  form: string;
  /** The day the filing was made public: the fact is not known before it. */
  filed: IsoDate;
  frame?: string;
}

export interface StoredConcept {
  cik: string;
  /** `us-gaap` or `dei`. */
  taxonomy: string;
  tag: string;
  /** `USD`, `USD/shares`, `shares`. */
  unit: string;
  label: string;
  facts: StoredFact[];
  source: string;
  fetched_at: string;
}

export interface StoredFiling {
  cik: string;
  accession: string;
  form: string;
  filing_date: IsoDate;
  report_date: IsoDate | null;
  /** ISO time EDGAR accepted it. */
  acceptance_time: string | null;
  /** 8-K item codes (e.g. 2.02, 9.01). */
  items: string[];
  primary_document: string;
  description: string;
  url: string;
  source: string;
  fetched_at: string;
  /**
   * What the company says about the event, for a recent 8-K: its Exhibit 99 press release's prose, else
   * the items' own text (market-data/providers/sec-edgar/filing-text.ts); null when unread or empty.
   */
  text_excerpt?: string | null;
  text_source?: 'exhibit_99' | 'items' | null;
}

export interface FundamentalsRepository {
  listConcepts(cik: string): Promise<StoredConcept[]>;
  /** Writes the concepts whose facts differ from the stored ones; returns how many were written. */
  putConceptsIfChanged(cik: string, concepts: readonly StoredConcept[]): Promise<number>;
  putFilings(filings: readonly StoredFiling[]): Promise<number>;
  listFilings(cik: string, from: IsoDate, to: IsoDate, limit?: number): Promise<StoredFiling[]>;
}

const conceptKey = (concept: Pick<StoredConcept, 'taxonomy' | 'tag'>) => `${concept.taxonomy}:${concept.tag}`;

/** Same facts (as filed), whatever their order. */
function sameFacts(a: readonly StoredFact[], b: readonly StoredFact[]): boolean {
  const signature = (facts: readonly StoredFact[]) =>
    facts
      .map((fact) => `${fact.accn}|${fact.start ?? ''}|${fact.end}|${fact.val}|${fact.filed}`)
      .sort()
      .join(';');
  return a.length === b.length && signature(a) === signature(b);
}

export function createFundamentalsRepository(
  client: DynamoDBDocumentClient,
  tableName: string,
): FundamentalsRepository {
  async function listConcepts(cik: string): Promise<StoredConcept[]> {
    const items = await queryAll(client, {
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.companyPartition(cik), ':prefix': keys.companyFactsPrefix },
    });
    return items.map((item) => stripKeys<StoredConcept>(item));
  }

  return {
    listConcepts,

    async putConceptsIfChanged(cik, concepts) {
      const stored = new Map((await listConcepts(cik)).map((concept) => [conceptKey(concept), concept]));
      const changed = concepts.filter((concept) => {
        const previous = stored.get(conceptKey(concept));
        return !previous || previous.unit !== concept.unit || !sameFacts(previous.facts, concept.facts);
      });
      await batchPutAll(
        client,
        tableName,
        changed.map((concept) => ({
          ...keys.companyFacts(cik, conceptKey(concept)),
          entity: 'company-facts',
          ...concept,
        })),
      );
      return changed.length;
    },

    async putFilings(filings) {
      await batchPutAll(
        client,
        tableName,
        filings.map((filing) => ({
          ...keys.filing(filing.cik, filing.filing_date, filing.accession),
          entity: 'filing',
          ...filing,
        })),
      );
      return filings.length;
    },

    async listFilings(cik, from, to, limit = 100) {
      const output = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: {
            ':pk': keys.companyPartition(cik),
            ':from': `${keys.filingPrefix}${from}`,
            // Accessions follow the date in the key: '~' sorts after every digit and dash.
            ':to': `${keys.filingPrefix}${to}~`,
          },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return (output.Items ?? []).map((item) => stripKeys<StoredFiling>(item));
    },
  };
}
