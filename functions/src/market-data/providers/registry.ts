import type { Config } from '../../config';
import type { BarsProvider } from '../bars-provider';
import { coinGeckoProvider } from './coingecko/descriptor';
import type { LiveProviderSettings, ProviderBuildContext } from './provider-descriptor';
import { replayProvider } from './replay/descriptor';
import { secEdgarProvider } from './sec-edgar/descriptor';
import { yahooProvider } from './yahoo/descriptor';

/*
 * The data providers, one descriptor each (provider-descriptor.ts). Every list that names providers
 * derives from this one: the ingestion messages' provider enum, the providers the worker calls in live
 * mode (with their guards), the planner's batch sizes, the price source's provenance of a series and
 * the CDK alarms on the breakers. Adding a provider: docs/add-a-provider.md.
 */
export const PROVIDERS = [yahooProvider, coinGeckoProvider, secEdgarProvider, replayProvider] as const;

type Registered = (typeof PROVIDERS)[number];
export type ProviderName = Registered['name'];

/** Providers that fill stored series of daily bars (a series' `provider` is one of them). */
export type SeriesProviderName = Extract<Registered, { series: object }>['name'];
/** The client a provider's descriptor builds to be called live (never: it is not called live). */
type ClientOf<Descriptor> = Descriptor extends { live: { build: (...args: never[]) => infer Client } | null }
  ? Client
  : never;
type LiveOnly<Descriptor> = Descriptor extends unknown
  ? [ClientOf<Descriptor>] extends [never]
    ? never
    : Descriptor
  : never;
type LiveRegistered = LiveOnly<Registered>;
/** Providers the ingestion worker calls over the network in live mode. */
export type LiveProviderName = LiveRegistered['name'];
/** The client a live provider's descriptor builds (a bars provider, SEC's company data...). */
export type LiveProviderClient<Name extends LiveProviderName> = ClientOf<Extract<Registered, { name: Name }>>;

function namesWhere<Name extends ProviderName>(keep: (descriptor: Registered) => boolean): [Name, ...Name[]] {
  const names = PROVIDERS.filter(keep).map((descriptor) => descriptor.name as Name);
  if (names.length === 0) throw new Error('The provider registry lists none of this kind.');
  return names as [Name, ...Name[]];
}

export const SERIES_PROVIDERS = namesWhere<SeriesProviderName>((descriptor) => descriptor.series !== null);
export const LIVE_PROVIDERS = namesWhere<LiveProviderName>((descriptor) => descriptor.live !== null);

export function providerNamed(name: string): Registered | undefined {
  return PROVIDERS.find((descriptor) => descriptor.name === name);
}

/** A series' descriptor, by the provider named in its stored state; null for a name not registered. */
export function seriesProviderOf(name: string): (Registered & { series: object }) | null {
  const descriptor = providerNamed(name);
  return descriptor?.series ? (descriptor as Registered & { series: object }) : null;
}

/** Every live provider's configuration keys (its descriptor's `live.configKeys`). */
export type LiveProvidersConfig = Pick<Config, NonNullable<LiveRegistered['live']>['configKeys'][number]>;

export type LiveProviderClients = { [Name in LiveProviderName]: LiveProviderClient<Name> };

/** The settings a live provider's guard is built from (its rate limit and breaker). */
export interface LiveGuardSettings {
  requestsPerSecond: number;
  breaker: { failures?: number; openSeconds?: number };
}

/**
 * Builds every live provider from the configuration, each with the context `contextFor` gives it (the
 * ingestion worker's shared guard per provider: jobs/ingestion-deps.ts).
 */
export function buildLiveProviders(
  config: LiveProvidersConfig,
  contextFor: (provider: LiveProviderName, settings: LiveGuardSettings) => ProviderBuildContext,
): LiveProviderClients {
  const clients: Partial<Record<LiveProviderName, unknown>> = {};
  for (const descriptor of PROVIDERS) {
    if (!descriptor.live) continue;
    const name = descriptor.name as LiveProviderName;
    const live = descriptor.live as LiveProviderSettings<unknown, keyof LiveProvidersConfig>;
    const context = contextFor(name, {
      requestsPerSecond: live.requestsPerSecond(config),
      breaker: live.breaker,
    });
    clients[name] = live.build(config, context);
  }
  return clients as LiveProviderClients;
}

type LiveSeriesName = Extract<LiveRegistered, { series: object }>['name'];

/**
 * The bars providers among the live clients, by name (the worker's `barsProvider`). The assignment
 * below compiles only while every live provider that fills series builds a `BarsProvider`.
 */
export function liveSeriesProviders(
  clients: LiveProviderClients,
): Partial<Record<SeriesProviderName, BarsProvider>> {
  const providers: Partial<Record<SeriesProviderName, BarsProvider>> = {};
  for (const descriptor of PROVIDERS) {
    if (!descriptor.live || !descriptor.series) continue;
    const name = descriptor.name as LiveSeriesName;
    providers[name] = clients[name];
  }
  return providers;
}
