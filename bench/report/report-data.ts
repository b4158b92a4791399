import type { runLoadLevels } from '../api-load';
import type { ApiLoadModeFigures } from '../api-load-mode-figures';
import type { InvocationResult } from '../area-invoker';
import type { RouteConsumption } from '../dynamo-efficiency';
import type { EngineBenchFigures } from '../engine';
import type { IngestionBenchFigures } from '../ingestion';
import type { OnDemandBenchFigures } from '../on-demand';
import type { ArtefactFigures } from '../lambda-artefacts';
import type { LighthouseFigures } from '../lighthouse-scores';
import type { MemorySnapshot } from '../memory';
import type { PageLoadFigures } from '../page-requests';
import type { LedgerBenchResult } from '../ledger';
import type { LedgerStorageBenchResult } from '../ledger-storage';
import type { PortfolioBenchResult } from '../portfolio';
import type { ResetTimingFigures } from '../reset-timing';
import type { ScreenerBenchFigures } from '../screener';
import type { SiteWeight } from '../site-weight';
import type { SubscriptionBenchResult } from '../subscription';

/** Everything one `npm run bench` measured; a section renders what it finds (a failed step leaves a gap). */
export interface Report {
  startedAt: Date;
  finishedAt?: Date;
  loadBefore: number[];
  loadAfter?: number[];
  sitesBuilt: boolean;
  artefacts?: ArtefactFigures;
  replayCheck?: { without: InvocationResult; with: InvocationResult; replayFileBytes: number };
  engine?: EngineBenchFigures;
  ingestion?: IngestionBenchFigures;
  onDemand?: OnDemandBenchFigures;
  subscription?: SubscriptionBenchResult;
  portfolio?: PortfolioBenchResult;
  ledger?: LedgerBenchResult;
  /** Section 7: the ledger's per-transaction storage (issue 43). */
  ledgerStorage?: LedgerStorageBenchResult;
  /** Section 10: the password reset's answer time, account or not. */
  resetTiming?: ResetTimingFigures;
  screener?: ScreenerBenchFigures;
  consumption?: RouteConsumption[];
  exerciseStatuses?: Record<string, Record<string, number>>;
  /** Section 2: the same mix in both process models (workers first). */
  loadModes?: ApiLoadModeFigures[];
  /** The default mode's load run (worker threads): section 6's memory under load. */
  load?: Awaited<ReturnType<typeof runLoadLevels>>;
  loadConsumption?: RouteConsumption[];
  pages?: PageLoadFigures[];
  pagesError?: string;
  lighthouse?: LighthouseFigures[];
  sites?: SiteWeight[];
  memoryAtRest?: MemorySnapshot;
  /** The stack process's V8 heaps at rest by thread (bytes used and committed), beside memoryAtRest. */
  areaHeapsAtRest?: Record<string, { used: number; total: number }>;
  perArea?: Record<string, InvocationResult>;
  errors: string[];
}

/** The targets the report checks (bench/results.md says why each was chosen). */
export const READ_TARGET_MS = 100;
export const BUNDLE_TARGET_BYTES = 300 * 1024;
export const INIT_TARGET_RATIO = 3;
/** Issue 48: the whole stack (every process) at rest and at 100 connections. */
export const MEMORY_TARGET_BYTES = 1.0 * 1024 ** 3;
export const HOME_JS_BUDGET_BYTES = 150 * 1024;
/** The admin site's entry: the script and its modulepreloads, gzipped. */
export const ADMIN_ENTRY_BUDGET_BYTES = 120 * 1024;
/** Lighthouse performance of the investor's signed-in dashboard (mobile settings). */
export const DASHBOARD_PERFORMANCE_TARGET = 90;
