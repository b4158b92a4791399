import type { Feature, QuotaFeature, Tier } from '../domain/enums';

/**
 * How each parameter of a message is shown in the reader's language. A message's parameters are data
 * (a number, an ISO date, a tier), never words: the renderer formats numbers and dates for the
 * language (`rules/formatting.ts`) and looks labels up in the `terms` namespace of the i18n resources.
 */

/** Shown as given: a symbol, a company name, an id, a currency code, a headline from a source. */
export type TextKind = 'text';

/** Numbers, formatted with the language's number locale (fr-FR for French, en-US otherwise). */
export type NumberKind =
  /** A whole number; a parameter named `count` also picks the plural form (`_one`, `_other`). */
  | 'count'
  /** As given, up to eight decimals (quantities: 0.00000001). */
  | 'number'
  /** Exactly one decimal (scores, ratios): "72.5", "72,5". */
  | 'decimal1'
  /** Exactly two decimals (an engine ratio such as P/E: "17.17", never "17.16646659"). */
  | 'decimal2'
  /** A quote in its own unit (dollars or an FX rate): two decimals, four below 10 ("143.66", "1.0523"). */
  | 'price'
  /** A percentage given in percent (12.5 for 12.5 %), one decimal, followed by " %". */
  | 'percent'
  /** The same with a sign on gains: "+3.2 %". */
  | 'signedPercent'
  /** An amount in US dollars: "$1,234.50", "1 234,50 $US". */
  | 'usd'
  /** An amount in US cents (billing): 7900 reads "$79.00". */
  | 'cents'
  /** A calendar year, never grouped: "2030". */
  | 'year';

/** Dates, in the reader's language ("Sep 27, 2019", "27 sept. 2019", "27 sept 2019"), in UTC. */
export type DateKind =
  /** An ISO date or date-time, shown as a day. */
  | 'date'
  /** An ISO date-time, shown as a day and a time (UTC). */
  | 'dateTime'
  /** An ISO date or month (YYYY-MM), shown as a month and year ("Mar 2017", "mars 2017"). */
  | 'month';

/**
 * A value of a closed vocabulary, shown by its label in `terms:<group>.<value>`. The groups are the
 * keys of `terms.json`; `messages.test.ts` checks every value of each vocabulary has a label.
 */
export const LABEL_KINDS = {
  tier: 'tiers',
  feature: 'features',
  /** What a quota counts, inside a sentence: "portfolio assets", "actifs du portefeuille". */
  quotaUnits: 'quotaUnits',
  assetType: 'assetTypes',
  /** A field of a request or a form, named in the reader's language ("adresse e-mail"). */
  field: 'fields',
  /** What a value should have been (a number, a text...). */
  valueType: 'valueTypes',
  factor: 'factors',
  scoreInput: 'scoreInputs',
  recommendationAction: 'recommendationActions',
  contextualAction: 'contextualActions',
  catalystType: 'catalystTypes',
  sentiment: 'sentiments',
  billingCycle: 'billingCycles',
  runStatus: 'runStatuses',
  /** low, medium, high: a level the admin site shows beside a figure. */
  level: 'levels',
  ohlcViolation: 'ohlcViolations',
} as const;
export type LabelKind = keyof typeof LABEL_KINDS;

/** Another message rendered in place (a key nugget inside a reasoning), or several joined by spaces. */
export type NestedKind = 'message' | 'messages';

export type ParamKind = TextKind | NumberKind | DateKind | LabelKind | NestedKind;

/** A message's parameters and how each is shown: `{ symbol: 'text', date: 'date' }`. */
export type ParamSpec = Readonly<Record<string, ParamKind>>;

/**
 * A message: a code of the catalogue and its parameters. Stored rows keep messages, not texts, so
 * each reader gets the words of their own language.
 */
/** Any message's parameters (an interface, so the types of messages inside messages can refer to it). */
export interface ParamRecord {
  readonly [name: string]: ParamValue;
}

export type MessageOf<Code extends string = string, Params = ParamRecord> = {
  readonly code: Code;
  readonly params: Params;
};

/** Plain JSON (no readonly arrays): messages are stored as they are, in rows and idempotency records. */
export type ParamValue = string | number | MessageOf | MessageOf[];

/** The TypeScript type of a parameter of each kind. */
export interface ParamValueOfKind {
  text: string;
  count: number;
  number: number;
  decimal1: number;
  decimal2: number;
  price: number;
  percent: number;
  signedPercent: number;
  usd: number;
  cents: number;
  year: number;
  date: string;
  dateTime: string;
  month: string;
  tier: Tier;
  feature: Feature;
  quotaUnits: QuotaFeature;
  assetType: string;
  field: string;
  valueType: string;
  factor: string;
  scoreInput: string;
  recommendationAction: string;
  contextualAction: string;
  catalystType: string;
  sentiment: string;
  billingCycle: string;
  runStatus: string;
  level: string;
  ohlcViolation: string;
  message: MessageOf;
  messages: MessageOf[];
}

/** `{ symbol: 'text', held: 'number' }` -> `{ symbol: string; held: number }`. */
export type ParamsOf<Spec extends ParamSpec> = {
  readonly [Name in keyof Spec]: ParamValueOfKind[Spec[Name]];
};

export function isLabelKind(kind: ParamKind): kind is LabelKind {
  return kind in LABEL_KINDS;
}
