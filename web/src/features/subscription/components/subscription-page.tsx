import { Button, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import { useRouteQuery } from '@/kit/api/route-query';
import { Badge } from '@/kit/ui/badge';
import { Card } from '@/kit/ui/card';
import { useUpgradePlan } from '@/lib/upgrade-plan';
import { BillingCard } from './billing-card';
import { ComparisonTable } from './comparison-table';
import { CurrentPlanCard, UsageCard } from './current-plan';
import { PlanGrid } from './plan-grid';
import './subscription.css';

export interface SubscriptionPageProps {
  /** Demo visitors read the demo's FREE view; upgrading needs an account. */
  isDemo: boolean;
}

/** Part 2 section 2 (subscription screen), section 4 (upgrade), section 9 (constants). */
export function SubscriptionPage({ isDemo }: SubscriptionPageProps) {
  const { t } = useTranslation('subscription');
  // The three reads of the subscription screen (part 2 section 7): subscription, tiers, usage.
  const subscription = useRouteQuery(contract.subscription.mySubscription);
  const tiers = useRouteQuery(contract.subscription.tiers);
  const usage = useRouteQuery(contract.subscription.usageStats);
  // Invoices exist only for a signed-in user (the route needs a token): not asked for demo visitors.
  const invoices = useRouteQuery(contract.subscription.invoices, undefined, { enabled: !isDemo });
  const upgrade = useUpgradePlan();

  if (subscription.isPending || tiers.isPending || usage.isPending) {
    return (
      <Flex justifyContent="center" alignItems="center" gap="small" padding="xl" role="status">
        <Loader aria-hidden="true" />
        <Text>{t('loading')}</Text>
      </Flex>
    );
  }
  const failure = subscription.error ?? tiers.error ?? usage.error;
  if (failure || !subscription.data || !tiers.data || !usage.data) {
    return (
      <Card data-testid="subscription-error">
        <Heading level={1} className="app-card-title">
          {t('error.title')}
        </Heading>
        <Text role="alert">{failure?.message}</Text>
        <Button
          marginTop="small"
          onClick={() => {
            void subscription.refetch();
            void tiers.refetch();
            void usage.refetch();
          }}
        >
          {t('error.tryAgain')}
        </Button>
      </Card>
    );
  }

  return (
    <Flex direction="column" gap="large" className="subscription">
      <Flex justifyContent="space-between" alignItems="flex-start" wrap="wrap" gap="small">
        <div>
          <Heading level={1}>{t('header.title')}</Heading>
          <Text className="app-muted">{t('header.subtitle')}</Text>
        </div>
        <Badge variant="success">{t('guarantee')}</Badge>
      </Flex>
      <Card>
        <Heading level={2} className="app-card-title">
          {t('philosophy.title')}
        </Heading>
        <Text>{t('philosophy.body')}</Text>
      </Card>
      <div className="app-grid subscription__top">
        <CurrentPlanCard subscription={subscription.data} isDemo={isDemo} />
        <UsageCard usage={usage.data.usage} />
      </div>
      <PlanGrid
        tiers={tiers.data.tiers}
        currentTier={subscription.data.subscription.tier}
        locked={isDemo || upgrade.pending}
        upgradingTo={upgrade.upgradingTo}
        onChoose={upgrade.choose}
      />
      <ComparisonTable />
      <BillingCard data={invoices.data} />
    </Flex>
  );
}
