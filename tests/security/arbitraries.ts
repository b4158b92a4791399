import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries from the contract's zod schemas. There is no zod-fast-check for zod 4, so the
 * schema goes through zod's own JSON Schema export (`z.toJSONSchema(schema, { io: 'input' })`: what a
 * client may send) and a small converter for the subset the contract uses: object (strict), string
 * (min/max length, pattern, email/date/date-time formats with their `formatMinimum`/`formatMaximum`
 * bounds), number and integer (bounds, exclusive bounds), boolean, null, enum, const, array,
 * anyOf/oneOf and nullable type lists.
 *
 * A generated value is a candidate, not a promise: JSON Schema cannot say everything zod checks
 * (transforms, pipes, refinements), so the tests ask the zod schema itself whether a candidate is
 * valid and expect the API to agree.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  /** The first and last day a date or date-time field takes (shared/src/domain/entities/common.ts). */
  formatMinimum?: string;
  formatMaximum?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
}

/** Arrays and free strings stay short: a valid case tests meaning, the oversized cases test size. */
const MAX_GENERATED_ITEMS = 8;
const MAX_GENERATED_LENGTH = 40;

export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
}

/** Days from 1990 to 2035, within the field's own bounds when it has narrower ones. */
function isoDateArbitrary(schema: JsonSchema): fc.Arbitrary<Date> {
  const dayOf = (bound: string | undefined, fallback: string) => {
    const time = bound === undefined ? Number.NaN : Date.parse(bound.slice(0, 10));
    return Number.isNaN(time) ? new Date(fallback) : new Date(time);
  };
  const min = dayOf(schema.formatMinimum, '1990-01-01T00:00:00Z');
  const max = dayOf(schema.formatMaximum, '2035-12-31T00:00:00Z');
  return fc.date({
    min: new Date(Math.max(min.getTime(), Date.parse('1990-01-01T00:00:00Z'))),
    max: new Date(Math.min(max.getTime(), Date.parse('2035-12-31T00:00:00Z'))),
    noInvalidDate: true,
  });
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? Math.max(minLength, MAX_GENERATED_LENGTH);
  const withinLength = (value: string) => value.length >= minLength && value.length <= maxLength;
  if (schema.format === 'date')
    return isoDateArbitrary(schema).map((date) => date.toISOString().slice(0, 10));
  if (schema.format === 'date-time') return isoDateArbitrary(schema).map((date) => date.toISOString());
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(withinLength);
  if (schema.format === 'email') return fc.emailAddress().filter(withinLength);
  const bounded = { minLength, maxLength: Math.min(maxLength, minLength + MAX_GENERATED_LENGTH) };
  return fc.oneof(fc.string(bounded), fc.string({ ...bounded, unit: 'grapheme' }));
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? schema.exclusiveMinimum ?? -1e9;
  const max = schema.maximum ?? schema.exclusiveMaximum ?? 1e9;
  if (integer) {
    const low = Math.ceil(schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : min);
    const high = Math.floor(schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : max);
    return fc.integer({ min: low, max: high });
  }
  return fc.double({
    min,
    max,
    minExcluded: schema.exclusiveMinimum !== undefined,
    maxExcluded: schema.exclusiveMaximum !== undefined,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

/** An arbitrary of values that JSON Schema `schema` accepts. */
export function arbitraryFromJsonSchema(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map(arbitraryFromJsonSchema));
  if (Array.isArray(schema.type))
    return fc.oneof(...schema.type.map((type) => arbitraryFromJsonSchema({ ...schema, type })));
  switch (schema.type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties))
        model[name] = arbitraryFromJsonSchema(property);
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
    }
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.min(
        schema.maxItems ?? minLength + MAX_GENERATED_ITEMS,
        minLength + MAX_GENERATED_ITEMS,
      );
      return fc.array(arbitraryFromJsonSchema(schema.items ?? {}), { minLength, maxLength });
    }
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * Candidates for a zod schema: from its input JSON Schema, and from its output JSON Schema too (a
 * transformed field such as `tier`, whose output is an enum, then gets values the schema accepts).
 */
export function candidateArbitrary(schema: z.ZodType): fc.Arbitrary<unknown> {
  const input = arbitraryFromJsonSchema(jsonSchemaOf(schema, 'input'));
  let output: fc.Arbitrary<unknown> | null = null;
  try {
    output = arbitraryFromJsonSchema(jsonSchemaOf(schema, 'output'));
  } catch {
    output = null;
  }
  return output ? fc.oneof(input, output) : input;
}

/** Draws `count` values, reproducibly for a seed. */
export function sampleOf<T>(arbitrary: fc.Arbitrary<T>, count: number, seed: number): T[] {
  return fc.sample(arbitrary, { numRuns: count, seed });
}

function dayBefore(day: string): string {
  return new Date(Date.parse(day) - 86_400_000).toISOString().slice(0, 10);
}
function dayAfter(day: string): string {
  return new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * Dates a bounded date or date-time field must refuse: the days either side of its bounds, year 1 and
 * year 9999 (a century-long ledger, an overflowing calendar). Empty for an unbounded field.
 */
export function outOfRangeDates(schema: JsonSchema): string[] {
  if (schema.format !== 'date' && schema.format !== 'date-time') return [];
  const days = [
    ...(schema.formatMinimum ? [dayBefore(schema.formatMinimum.slice(0, 10)), '0001-01-01'] : []),
    ...(schema.formatMaximum ? [dayAfter(schema.formatMaximum.slice(0, 10)), '9999-12-31'] : []),
  ];
  return schema.format === 'date' ? days : days.map((day) => `${day}T00:00:00Z`);
}

/**
 * The date and date-time fields of an object schema, by name, including those of each branch of a
 * union (a transaction's `date` is in every one of its seven kinds).
 */
export function dateFieldsOf(schema: JsonSchema): Map<string, JsonSchema> {
  const fields = new Map<string, JsonSchema>();
  const visit = (node: JsonSchema) => {
    for (const [name, property] of Object.entries(node.properties ?? {})) {
      const dated = [property, ...(property.anyOf ?? []), ...(property.oneOf ?? [])].find(
        (candidate) => candidate.format === 'date' || candidate.format === 'date-time',
      );
      if (dated && !fields.has(name)) fields.set(name, dated);
    }
    for (const branch of [...(node.anyOf ?? []), ...(node.oneOf ?? [])]) visit(branch);
  };
  visit(schema);
  return fields;
}
