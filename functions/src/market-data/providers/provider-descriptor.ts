import type { Config } from '../../config';
import type { AssetClass } from '../../data/series-repository';
import type { ProviderDescription } from '../bars-provider';
import type { ProviderRequestGuard } from './http/fetch-json';

/*
 * What the rest of the code knows about a data provider: one descriptor per provider folder
 * (`providers/<name>/descriptor.ts`, exported by the folder's `index.ts`), listed once in
 * `registry.ts`. Every list that names providers derives from the registry (docs/add-a-provider.md).
 */

/** What a live provider's builder receives besides its configuration. */
export interface ProviderBuildContext {
  /** The provider's shared rate limit and circuit breaker (the ingestion worker's guard). */
  guard: ProviderRequestGuard;
  now: () => Date;
  /** Replaces the global fetch (tests, the bench). */
  fetch?: typeof fetch;
}

/** How the ingestion worker calls a provider over the network in live mode. */
export interface LiveProviderSettings<Client, Keys extends keyof Config> {
  /** The configuration the provider reads (addresses, keys, rates): its builder sees only these. */
  configKeys: readonly Keys[];
  /** The shared rate limit, requests per second across every worker. */
  requestsPerSecond: (config: Pick<Config, Keys>) => number;
  /**
   * Its circuit breaker: consecutive failures that open it and for how long; absent fields take
   * PROVIDER_BREAKER_FAILURES and PROVIDER_BREAKER_OPEN_SECONDS.
   */
  breaker: { failures?: number; openSeconds?: number };
  /** The CloudWatch alarm on its breaker: open for this many planner periods in a row. */
  alarm: { breakerOpenPeriods: number };
  build: (config: Pick<Config, Keys>, context: ProviderBuildContext) => Client;
}

/** A provider that fills stored series of daily bars: each such series names it as its `provider`. */
export interface SeriesProviderSettings {
  /** Symbols per ingestion message (one worker invocation fetches them one request each). */
  batchSize: number;
  /** Its bars carry open, high and low (false: a close and a volume only). */
  hasOhlc: boolean;
}

export interface ProviderDescriptor<
  Name extends string = string,
  Client = unknown,
  Keys extends keyof Config = keyof Config,
  Series extends SeriesProviderSettings | null = SeriesProviderSettings | null,
> {
  name: Name;
  /** The provenance shown beside its data (title, terms of use). */
  description: ProviderDescription;
  /** The kinds of asset it serves. */
  assetClasses: readonly AssetClass[];
  series: Series;
  /** Null for a provider that is never called at run time (the replay is stored by its loader). */
  live: LiveProviderSettings<Client, Keys> | null;
}

/** Declares a descriptor with its literal name and client type kept (the registry derives from them). */
export function defineProvider<
  Name extends string,
  Series extends SeriesProviderSettings | null,
  Client = never,
  Keys extends keyof Config = never,
>(
  descriptor: ProviderDescriptor<Name, Client, Keys, Series>,
): ProviderDescriptor<Name, Client, Keys, Series> {
  return descriptor;
}
