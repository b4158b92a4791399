import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '@/kit/ui/page-loading';
import { useSearchParams } from 'react-router-dom';
import { contract } from '@app/shared/api/contract';
import { BillingCycleSchema, PaidTierSchema, type PaidPlan } from '@app/shared/domain/billing/billing-plans';
import { useRouteQuery } from '@/kit/api/route-query';
import { Badge } from '@/kit/ui/badge';
import { Card } from '@/kit/ui/card';
import { BillingCard } from './billing-card';
import { CheckoutDialog } from './checkout-dialog';
import { ComparisonTable } from './comparison-table';
import { CurrentPlanCard, UsageCard } from './current-plan';
import { PlanGrid } from './plan-grid';
import './subscription.css';

export interface SubscriptionPageProps {
  /** Demo visitors read the demo's FREE view; upgrading needs an account. */
  isDemo: boolean;
}

/** The plan a link asked for (`?plan=PRO&cycle=annual`), or null. */
function requestedPlanOf(params: URLSearchParams): PaidPlan | null {
  const tier = PaidTierSchema.safeParse(params.get('plan'));
  if (!tier.success) return null;
  const cycle = BillingCycleSchema.safeParse(params.get('cycle'));
  return { tier: tier.data, cycle: cycle.success ? cycle.data : 'monthly' };
}

/** docs/product.md "Screens" (subscription) and "Business rules and limits" (tier order, usage). */
export function SubscriptionPage({ isDemo }: SubscriptionPageProps) {
  const { t } = useTranslation('subscription');
  // The three reads of the subscription screen (docs/product.md "Screens"): subscription, tiers, usage.
  const subscription = useRouteQuery(contract.subscription.mySubscription);
  const tiers = useRouteQuery(contract.subscription.tiers);
  const usage = useRouteQuery(contract.subscription.usageStats);
  // Billing exists only for a signed-in user (the routes need a token): not asked for demo visitors.
  const billing = useRouteQuery(contract.subscription.billing, undefined, { enabled: !isDemo });
  const invoices = useRouteQuery(contract.subscription.invoices, undefined, { enabled: !isDemo });
  // `?plan=PREMIUM&cycle=annual` (pricing's get-started, the upgrade dialog) opens the checkout.
  const [searchParams, setSearchParams] = useSearchParams();
  const [checkout, setCheckout] = useState<PaidPlan | null>(() => requestedPlanOf(searchParams));
  const closeCheckout = () => {
    setCheckout(null);
    if (searchParams.has('plan')) setSearchParams({}, { replace: true });
  };

  if (subscription.isPending || tiers.isPending || usage.isPending) {
    return <PageLoading label={t('loading')} />;
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
        <CurrentPlanCard subscription={subscription.data} isDemo={isDemo} plan={billing.data?.plan ?? null} />
        <UsageCard usage={usage.data.usage} />
      </div>
      <PlanGrid
        tiers={tiers.data.tiers}
        currentTier={subscription.data.subscription.tier}
        locked={isDemo || !billing.data}
        onChoose={(tier) => setCheckout({ tier, cycle: billing.data?.plan?.cycle ?? 'monthly' })}
      />
      <ComparisonTable />
      {isDemo ? (
        <Card data-testid="billing">
          <Text className="app-muted">{t('billing.demo')}</Text>
        </Card>
      ) : billing.data ? (
        <BillingCard billing={billing.data} documents={invoices.data} />
      ) : null}
      {checkout && billing.data && !isDemo ? (
        <CheckoutDialog plan={checkout} billing={billing.data} onClose={closeCheckout} />
      ) : null}
    </Flex>
  );
}
