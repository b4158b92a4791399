import { Flex } from '@aws-amplify/ui-react';
import { useSearchParams } from 'react-router-dom';
import { useAuth } from '@/features/auth/components/auth-provider';
import { AlertsPage } from '@/features/alerts/components/alerts-page';
import { AlertRulesCard } from '@/features/alerts/components/alert-rules-card';
import { FeatureGate } from '@/features/gating/components/feature-gate';
import { contract } from '@app/shared/api/contract';
import { useRouteQuery } from '@/kit/api/route-query';
import { useFeatureAccess } from '@/lib/feature-access';
import { RouteLoading } from './route-loading';

/**
 * /alerts: signed-in users' alerts persist their dismissals; demo visitors' stay local. Above them,
 * the custom alert rules behind the custom_alerts gate (`?rule=AAPL`, from a recommendation card's
 * alert button, starts a rule on that symbol).
 */
export function AlertsRoute() {
  const { user, viewer } = useAuth();
  const [searchParams] = useSearchParams();
  const signedIn = viewer !== null && !viewer.isDemo && user !== null;
  // The rules card and its gate sit above the alerts: the page shows once the plan's answer and the rules
  // are in (the same queries the gate and the card ask), rather than pushing the alerts down (CLS).
  const gate = useFeatureAccess('custom_alerts');
  const rules = useRouteQuery(contract.portfolio.alertRules, undefined, { enabled: signedIn });
  if (!viewer) return null;
  if (signedIn && (gate.checking || rules.isLoading)) return <RouteLoading />;
  return (
    <Flex direction="column" gap="large">
      {signedIn ? (
        // The limited view: the rules a lower plan paused, kept and deletable, under a compact upgrade
        // box (issue 46: a paying Premium user met a blurring overlay, its top under the header).
        <FeatureGate feature="custom_alerts" variant="inline" fallback={<AlertRulesCard />}>
          <AlertRulesCard initialSymbol={searchParams.get('rule') ?? undefined} />
        </FeatureGate>
      ) : null}
      <AlertsPage canPersist={signedIn} />
    </Flex>
  );
}
