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
  /** The domain mail is sent from (an SES domain identity: publish its DKIM records to verify it). */
  readonly mailDomain: string;
  /** The sender of every mail, an address of `mailDomain`. */
  readonly mailFrom: string;
  /** Who receives the contact form's copies. */
  readonly operatorEmail: string;
  /** The investor site's public address, for the links in mails (unsubscribe, alerts). */
  readonly siteUrl: string;
  /** Where alarm notifications go; none subscribed when empty. */
  readonly alarmEmail: string | undefined;
  /**
   * Who charges plans (functions/src/config.ts PAYMENT_GATEWAY): `sandbox` by default; `stripe` with
   * `-c paymentGateway=stripe`, once the Stripe secrets hold real values (README "Taking real payments
   * with Stripe").
   */
  readonly paymentGateway: 'sandbox' | 'stripe';
  /**
   * Stripe's publishable key (`pk_live_...`/`pk_test_...`, public by design), given to the investor
   * site's Stripe.js card form through config.json; required with `paymentGateway=stripe`.
   */
  readonly stripePublishableKey: string | undefined;
  /** Test-only: inline placeholder code instead of esbuild bundles (never used by `npm run synth`). */
  readonly placeholderCode: boolean;
}

function contextString(node: Node, key: string): string | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  return String(value);
}

function stripePublishableKeyOf(
  gateway: StageConfig['paymentGateway'],
  value: string | undefined,
): string | undefined {
  if (gateway !== 'stripe') return undefined;
  if (value === undefined || !/^pk_(live|test)_[A-Za-z0-9]+$/.test(value)) {
    throw new Error(
      'paymentGateway=stripe needs -c stripePublishableKey=pk_live_... (the Stripe.js card form uses it)',
    );
  }
  return value;
}

function paymentGatewayOf(value: string | undefined): StageConfig['paymentGateway'] {
  if (value === undefined || value === 'sandbox') return 'sandbox';
  if (value === 'stripe') return 'stripe';
  throw new Error(`Unknown paymentGateway "${value}": use -c paymentGateway=sandbox|stripe`);
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
  const mailDomain = contextString(node, 'mailDomain') ?? 'nugget-invest.example';
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(mailDomain)) {
    throw new Error(`mailDomain must be a domain name, got "${mailDomain}"`);
  }
  const siteUrl = contextString(node, 'siteUrl') ?? `https://${mailDomain}`;
  if (!/^https:\/\/[a-z0-9.-]+(:\d+)?$/i.test(siteUrl)) {
    throw new Error(`siteUrl must be an https origin without a path, got "${siteUrl}"`);
  }
  const typedStage = stage as Stage;
  const paymentGateway = paymentGatewayOf(contextString(node, 'paymentGateway'));
  return {
    stage: typedStage,
    stageTitle: typedStage.charAt(0).toUpperCase() + typedStage.slice(1),
    isProduction: typedStage === 'prod',
    pricePollMinutes,
    ingestionMinutes,
    dataMode,
    corsAllowedOrigins,
    alarmEmail: contextString(node, 'alarmEmail'),
    mailDomain,
    mailFrom: contextString(node, 'mailFrom') ?? `Nugget Invest <no-reply@${mailDomain}>`,
    operatorEmail: contextString(node, 'operatorEmail') ?? `operator@${mailDomain}`,
    siteUrl,
    paymentGateway,
    stripePublishableKey: stripePublishableKeyOf(paymentGateway, contextString(node, 'stripePublishableKey')),
    placeholderCode: contextString(node, 'placeholderCode') === 'true',
  };
}
