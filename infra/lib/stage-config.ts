import type { Node } from 'constructs';

export const STAGES = ['dev', 'prod'] as const;
export type Stage = (typeof STAGES)[number];

/** Everything a deployment can vary, read once from CDK context (`-c key=value` or cdk.json). */
export interface StageConfig {
  readonly stage: Stage;
  /** `Dev`, `Prod`: used in stack names such as `Nugget-Dev-Data`. */
  readonly stageTitle: string;
  readonly isProduction: boolean;
  /** Minutes between price polls (EventBridge rate). */
  readonly pricePollMinutes: number;
  /** Minutes between ingestion planner runs (EventBridge rate): how often stored prices are refreshed. */
  readonly ingestionMinutes: number;
  /** `live` in the cloud; `replay` serves the shipped historical data (no provider keys needed). */
  readonly dataMode: 'live' | 'replay';
  /**
   * Extra origins allowed by the API's CORS, e.g. custom domains. Empty by default: both sites reach the
   * API through their own CloudFront distribution (`/api/*`), so browsers never make cross-origin calls.
   */
  readonly corsAllowedOrigins: readonly string[];
  /** Where alarm notifications go; none subscribed when empty. */
  readonly alarmEmail: string | undefined;
  /** Test-only: inline placeholder code instead of esbuild bundles (never used by `npm run synth`). */
  readonly placeholderCode: boolean;
}

function contextString(node: Node, key: string): string | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  return String(value);
}

export function readStageConfig(node: Node): StageConfig {
  const stage = contextString(node, 'stage') ?? 'dev';
  if (!(STAGES as readonly string[]).includes(stage)) {
    throw new Error(`Unknown stage "${stage}": use -c stage=${STAGES.join('|')}`);
  }
  const pricePollMinutes = Number(contextString(node, 'pricePollMinutes') ?? '5');
  if (!Number.isInteger(pricePollMinutes) || pricePollMinutes < 1 || pricePollMinutes > 1440) {
    throw new Error(
      `pricePollMinutes must be a whole number of minutes between 1 and 1440, got "${pricePollMinutes}"`,
    );
  }
  const ingestionMinutes = Number(contextString(node, 'ingestionMinutes') ?? '15');
  if (!Number.isInteger(ingestionMinutes) || ingestionMinutes < 1 || ingestionMinutes > 1440) {
    throw new Error(
      `ingestionMinutes must be a whole number of minutes between 1 and 1440, got "${ingestionMinutes}"`,
    );
  }
  const dataMode = contextString(node, 'dataMode') ?? 'live';
  if (dataMode !== 'live' && dataMode !== 'replay') {
    throw new Error(`dataMode must be live or replay, got "${dataMode}"`);
  }
  const corsAllowedOrigins = (contextString(node, 'corsAllowedOrigins') ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of corsAllowedOrigins) {
    if (!/^https:\/\/[a-z0-9.-]+(:\d+)?$/i.test(origin)) {
      throw new Error(`corsAllowedOrigins entries must be https origins without a path, got "${origin}"`);
    }
  }
  const typedStage = stage as Stage;
  return {
    stage: typedStage,
    stageTitle: typedStage.charAt(0).toUpperCase() + typedStage.slice(1),
    isProduction: typedStage === 'prod',
    pricePollMinutes,
    ingestionMinutes,
    dataMode,
    corsAllowedOrigins,
    alarmEmail: contextString(node, 'alarmEmail'),
    placeholderCode: contextString(node, 'placeholderCode') === 'true',
  };
}
