import { inject } from 'vitest';
import { createAlertsRepository } from '@app/functions/data/alerts-repository';
import { createDocumentClient } from '@app/functions/platform/dynamo-client';
import { raiseUserAlerts } from '@app/functions/user-alerts/user-alerts-service';
import type { SymbolSnapshot } from '@app/functions/engine/catalysts/user-alerts';
import { tableName } from '@app/infra/lib/table-definitions';

/**
 * The price poll raises each holder's alerts through `raiseAlertsForSymbol`, which runs
 * `raiseUserAlerts` per holder, when a replayed move crosses a rule. When the replay next does that is
 * a fact of the real data (minutes to hours away), so the journey runs that same path against the
 * stack's DynamoDB with a snapshot of a +7 % day on AAPL: the real rule and the real write path
 * decide, and the alert is the one the poll would write.
 */
export async function raiseAlertThroughPollPath(
  userId: string,
  options: {
    /** The day's volume against its 20-day average: 2 or more also raises the volume-surge alert. */
    volumeRatio?: number;
  } = {},
): Promise<number> {
  const { dynamoEndpoint } = inject('stack');
  const client = createDocumentClient({ AWS_REGION: 'us-east-1', DYNAMODB_ENDPOINT: dynamoEndpoint });
  const alerts = createAlertsRepository(client, {
    holdings: tableName('local', 'holdings'),
    usage: tableName('local', 'usage'),
  });
  // Only the fields the rules read: the day's move, its date, and the volatility and volume behind it.
  const snapshot = {
    quote: { symbol: 'AAPL', change_percent: 7, as_of: '2018-02-05' },
    analysis: {
      risk_metrics: { volatility_1month: 20, annualisation_factor: 252 },
      volume_analysis: { volume_ratio_20d: options.volumeRatio ?? 1 },
    },
  } as unknown as SymbolSnapshot;
  // raiseUserAlerts is what raiseAlertsForSymbol runs for each holder; called for this user alone so
  // the other suites' holders of AAPL get no extra alert.
  const result = await raiseUserAlerts(
    {
      userId,
      holdings: [{ symbol: 'AAPL', name: 'Apple Inc.' }],
      snapshots: new Map([['AAPL', snapshot]]),
      catalysts: [],
    },
    { alerts, now: () => new Date(), getTier: async () => 'FREE' },
  );
  return result.outcomes.filter((outcome) => outcome === 'written').length;
}
