import * as z from 'zod';
import { SERIES_PROVIDERS, type SeriesProviderName } from '../providers/registry';

/*
 * The messages of the ingestion queues (infra/README.md "The ingestion queue"): the planner sends
 * them, the worker reads them. A message names a provider and a batch of symbols, never data: the
 * worker decides from the stored series state what to fetch, so a message delivered twice or late
 * asks for nothing stale.
 */

/** The providers that fill stored series, from the registry (providers/registry.ts). */
export const BAR_PROVIDERS = SERIES_PROVIDERS;
export type BarProviderName = SeriesProviderName;

/** Symbols per message: one worker invocation fetches them one request each, within its timeout. */
export const MAX_SYMBOLS_PER_MESSAGE = 50;

const Symbols = z.array(z.string().min(1).max(32)).min(1).max(MAX_SYMBOLS_PER_MESSAGE);

export const BarsMessageSchema = z.object({
  kind: z.literal('bars'),
  provider: z.enum(BAR_PROVIDERS),
  symbols: Symbols,
  /** `backfill`: the symbol has no stored history yet (two years are fetched); `schedule`: the incremental refresh. */
  reason: z.enum(['schedule', 'backfill']),
  /** `high` goes to the priority queue: an on-demand backfill a user is waiting for. */
  priority: z.enum(['normal', 'high']).default('normal'),
  /** When the planner sent it: a symbol fetched after this is not fetched again on redelivery. */
  planned_at: z.iso.datetime(),
});

export const FundamentalsMessageSchema = z.object({
  kind: z.literal('fundamentals'),
  symbols: Symbols,
  priority: z.enum(['normal', 'high']).default('normal'),
  planned_at: z.iso.datetime(),
});

export const ReferenceMessageSchema = z.object({
  kind: z.literal('reference'),
  dataset: z.enum(['sec-tickers', 'coingecko-coins']),
  planned_at: z.iso.datetime(),
});

export const IngestionMessageSchema = z.discriminatedUnion('kind', [
  BarsMessageSchema,
  FundamentalsMessageSchema,
  ReferenceMessageSchema,
]);

export type BarsMessage = z.infer<typeof BarsMessageSchema>;
export type FundamentalsMessage = z.infer<typeof FundamentalsMessageSchema>;
export type ReferenceMessage = z.infer<typeof ReferenceMessageSchema>;
export type IngestionMessage = z.infer<typeof IngestionMessageSchema>;
export type IngestionMessageInput = z.input<typeof IngestionMessageSchema>;

export function priorityOf(message: IngestionMessage): 'normal' | 'high' {
  return message.kind === 'reference' ? 'normal' : message.priority;
}
