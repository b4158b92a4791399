import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { IsoDateSchema, IsoDateTimeSchema } from '../domain/entities/common';
import { validateTransaction } from '../domain/ledger/transaction';
import { messageResources } from '../i18n/message-resources';
import { fieldIssuesFromZod } from '../messages/field-issues';
import { renderMessage } from '../messages/render-message';
import { createTranslator } from '../messages/translator';
import { ROUTES } from './contract';

/**
 * Every date a request may carry is bounded (entities/common.ts: 1900-01-01 to 2099-12-31), and says
 * so in its JSON Schema, which the OpenAPI document and the security fuzz read: a date field added
 * to a request with a bare `z.iso.date()` fails here.
 */

interface JsonNode {
  format?: string;
  formatMinimum?: string;
  formatMaximum?: string;
  properties?: Record<string, JsonNode>;
  items?: JsonNode;
  anyOf?: JsonNode[];
  oneOf?: JsonNode[];
  allOf?: JsonNode[];
  additionalProperties?: boolean | JsonNode;
}

/** Every date and date-time field of a JSON Schema, by path, with its bounds. */
function dateFieldsOf(node: JsonNode, path: string): { path: string; min?: string; max?: string }[] {
  const found =
    node.format === 'date' || node.format === 'date-time'
      ? [{ path, min: node.formatMinimum, max: node.formatMaximum }]
      : [];
  const children: [string, JsonNode][] = [
    ...Object.entries(node.properties ?? {}).map(([name, child]): [string, JsonNode] => [
      `${path}.${name}`,
      child,
    ]),
    ...(node.items ? [[`${path}[]`, node.items] as [string, JsonNode]] : []),
    ...[...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])].map(
      (child): [string, JsonNode] => [path, child],
    ),
    ...(typeof node.additionalProperties === 'object'
      ? [[`${path}.*`, node.additionalProperties] as [string, JsonNode]]
      : []),
  ];
  return [...found, ...children.flatMap(([childPath, child]) => dateFieldsOf(child, childPath))];
}

const requestDateFields = ROUTES.flatMap((route) =>
  (['params', 'query', 'body'] as const).flatMap((part) => {
    const schema = route[part];
    if (!schema) return [];
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonNode;
    return dateFieldsOf(json, part).map((field) => ({ route: route.id, ...field }));
  }),
);

const translate = createTranslator(messageResources);

describe('the dates a request may carry', () => {
  it('finds the date fields of the contract’s requests (the transactions’ date among them)', () => {
    expect(requestDateFields.map((field) => `${field.route} ${field.path}`)).toEqual(
      expect.arrayContaining([
        'portfolio.addTransaction body.date',
        'portfolio.editTransaction body.date',
        'portfolio.addHolding body.purchase_date',
        'admin.getCosts query.from',
      ]),
    );
  });

  it('bounds every one of them in its JSON Schema, from 1900-01-01 to 2099-12-31', () => {
    const unbounded = requestDateFields.filter(
      (field) => !field.min?.startsWith('1900-01-01') || !field.max?.startsWith('2099-12-31'),
    );

    expect(unbounded).toEqual([]);
  });

  it('takes the first and last days and refuses the days either side, by the field’s own code', () => {
    const codesOf = (value: string) =>
      IsoDateSchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

    expect(codesOf('1900-01-01')).toEqual([]);
    expect(codesOf('2099-12-31')).toEqual([]);
    expect(codesOf('1899-12-31')).toEqual(['FIELD_DATE_BEFORE_MINIMUM']);
    expect(codesOf('0001-01-01')).toEqual(['FIELD_DATE_BEFORE_MINIMUM']);
    expect(codesOf('2100-01-01')).toEqual(['FIELD_DATE_AFTER_MAXIMUM']);
    expect(codesOf('9999-12-31')).toEqual(['FIELD_DATE_AFTER_MAXIMUM']);
    expect(codesOf('not a date')).toHaveLength(1);
    expect(codesOf('not a date')).not.toContain('FIELD_DATE_BEFORE_MINIMUM');
  });

  it('bounds a date-time by its UTC day (00:30 at UTC+1 on 1 January 1900 is still 1899 in UTC)', () => {
    expect(IsoDateTimeSchema.safeParse('1900-01-01T00:30:00+01:00').success).toBe(false);
    expect(IsoDateTimeSchema.safeParse('1900-01-01T00:30:00Z').success).toBe(true);
    expect(IsoDateTimeSchema.safeParse('2099-12-31T23:30:00-01:00').success).toBe(false);
  });

  it('names the field and the first day in each language', () => {
    const parsed = z.strictObject({ date: IsoDateSchema }).safeParse({ date: '0001-01-01' });
    const [issue] = parsed.error ? fieldIssuesFromZod(parsed.error, { date: '0001-01-01' }, 'body') : [];

    expect(issue?.path).toBe('body.date');
    expect(issue && renderMessage(issue.message, 'en', translate)).toBe(
      'Date: must be on or after Jan 1, 1900.',
    );
    expect(issue && renderMessage(issue.message, 'fr', translate)).toBe(
      'Date : ne doit pas être antérieure au 1 janv. 1900.',
    );
    expect(issue && renderMessage(issue.message, 'es', translate)).toBe(
      'Fecha: no puede ser anterior al 1 ene 1900.',
    );
  });

  it('reports an imported row dated before 1900 by a ledger code naming the date', () => {
    const result = validateTransaction({
      type: 'DEPOSIT',
      date: '1850-06-01',
      amount: 100,
      currency: 'USD',
    });

    expect(result.ok ? [] : result.issues).toEqual([
      { field: 'date', code: 'LEDGER_DATE_BEFORE_MINIMUM', params: { minimum: '1900-01-01' } },
    ]);
  });
});
