import { Button, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TierInfo } from '@app/shared/domain/entities/subscription';
import { TIERS, type Tier } from '@app/shared/domain/enums';
import { formatCurrency, formatDate } from '@app/shared/domain/rules/formatting';
import { canUpgrade } from '@app/shared/domain/rules/tiers';
import { isUnlimited } from '@app/shared/domain/rules/usage';
import { Badge } from '@/kit/ui/badge';
import { Card } from '@/kit/ui/card';
import { useToast } from '@/kit/ui/toast';
import { isApiError } from '@/kit/api/api-client';
import { usePreferences } from '@/kit/preferences/preferences';
import { useInvoices, useSubscriptionScreenData, useUpgrade } from '../api/get-subscription';
import { UsageBar } from './usage-bar';
import './subscription.css';

const QUOTA_KEYS = ['portfolio_assets', 'ai_recommendations', 'market_alerts'] as const;
const FLAG_KEYS = [
  'advanced_analytics',
  'advanced_recommendations',
  'custom_alerts',
  'extended_hours_analysis',
  'priority_support',
] as const;

/** Part 2 section 2: the static comparison, free / middle / top columns. */
const COMPARISON_ROWS = [
  { key: 'portfolioTracking', cells: ['yes', 'yes', 'yes'] },
  { key: 'dailyRecommendations', cells: ['yes', 'yes', 'yes'] },
  { key: 'riskAnalysis', cells: ['basic', 'yes', 'yes'] },
  { key: 'realTimePrices', cells: ['no', 'yes', 'yes'] },
  { key: 'extendedHours', cells: ['no', 'yes', 'yes'] },
  { key: 'personalisedInsights', cells: ['no', 'no', 'yes'] },
  { key: 'prioritySupport', cells: ['no', 'no', 'yes'] },
] as const;

function upgradeFailure(error: unknown): string | null {
  if (!isApiError(error) || !error.body) return null;
  const { detail } = error.body;
  if (typeof detail === 'string') return detail;
  if (detail && typeof detail === 'object') return detail.upgrade_message;
  return error.body.error || null;
}

export interface SubscriptionPageProps {
  /** Demo visitors read the demo's FREE view; upgrading needs an account. */
  isDemo: boolean;
}

/** Part 2 section 2 (subscription screen), section 4 (upgrade), section 9 (constants). */
export function SubscriptionPage({ isDemo }: SubscriptionPageProps) {
  const { t } = useTranslation(['subscription', 'common', 'gating']);
  const { language } = usePreferences();
  const toast = useToast();
  const { subscription, tiers, usage } = useSubscriptionScreenData();
  const invoices = useInvoices({ enabled: !isDemo });
  const upgrade = useUpgrade();
  const [upgradingTo, setUpgradingTo] = useState<Tier | null>(null);

  if (subscription.isPending || tiers.isPending || usage.isPending) {
    return (
      <Flex justifyContent="center" alignItems="center" gap="small" padding="xl" role="status">
        <Loader aria-hidden="true" />
        <Text>{t('subscription:loading')}</Text>
      </Flex>
    );
  }
  const failure = subscription.error ?? tiers.error ?? usage.error;
  if (failure || !subscription.data || !tiers.data || !usage.data) {
    return (
      <Card data-testid="subscription-error">
        <Heading level={1} className="app-card-title">
          {t('subscription:error.title')}
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
          {t('subscription:error.tryAgain')}
        </Button>
      </Card>
    );
  }

  const current = subscription.data.subscription;
  const currentInfo = subscription.data.tier_info;

  function choose(tier: Exclude<Tier, 'FREE'>) {
    setUpgradingTo(tier);
    upgrade.mutate(
      { tier, idempotencyKey: crypto.randomUUID() },
      {
        onSuccess: (result) =>
          toast.show({
            title: t('gating:toasts.successTitle'),
            description: result.message,
            variant: 'success',
          }),
        onError: (error) =>
          toast.show({
            title: t('gating:toasts.failedTitle'),
            description: upgradeFailure(error) ?? t('gating:toasts.failedBody'),
            variant: 'error',
          }),
        onSettled: () => setUpgradingTo(null),
      },
    );
  }

  function featureLines(info: TierInfo): string[] {
    const lines: string[] = QUOTA_KEYS.map((key) => {
      const value = info.features[key];
      return isUnlimited(value)
        ? t(`subscription:features.${key}.unlimited`)
        : t(`subscription:features.${key}.value`, { count: value });
    });
    lines.push(t(`subscription:features.price_updates.${info.features.price_updates}`));
    for (const key of FLAG_KEYS)
      if (info.features[key] === true) lines.push(t(`subscription:features.${key}.name`));
    return lines;
  }

  const usageEntries = usage.data.usage;
  return (
    <Flex direction="column" gap="large" className="subscription">
      <Flex justifyContent="space-between" alignItems="flex-start" wrap="wrap" gap="small">
        <div>
          <Heading level={1}>{t('subscription:header.title')}</Heading>
          <Text className="app-muted">{t('subscription:header.subtitle')}</Text>
        </div>
        <Badge variant="success">{t('subscription:guarantee')}</Badge>
      </Flex>

      <Card>
        <Heading level={2} className="app-card-title">
          {t('subscription:philosophy.title')}
        </Heading>
        <Text>{t('subscription:philosophy.body')}</Text>
      </Card>

      <div className="app-grid subscription__top">
        <Card data-testid="current-plan">
          <Heading level={2} className="app-card-title">
            {t('subscription:currentPlan.title')}
          </Heading>
          <Flex alignItems="center" gap="small" wrap="wrap">
            <Text className="subscription__plan-name" data-testid="current-plan-name">
              {t(`common:tiers.${current.tier}`)}
            </Text>
            {isDemo ? <Badge variant="warning">{t('common:demo.badge')}</Badge> : null}
          </Flex>
          <Text>
            {t('subscription:currentPlan.price', { price: formatCurrency(currentInfo.price, language) })}
          </Text>
          <Text className="app-muted">
            {current.expires_at
              ? t('subscription:currentPlan.expiresOn', { date: formatDate(current.expires_at, language) })
              : t('subscription:currentPlan.freePlan')}
          </Text>
        </Card>
        <Card data-testid="current-usage">
          <Heading level={2} className="app-card-title">
            {t('subscription:usage.title')}
          </Heading>
          <Flex direction="column" gap="small">
            <UsageBar
              label={t('subscription:usage.portfolioAssets')}
              used={usageEntries.portfolio_assets.used}
              limit={usageEntries.portfolio_assets.limit}
            />
            <UsageBar
              label={t('subscription:usage.aiRecommendations')}
              used={usageEntries.daily_recommendations.used}
              limit={usageEntries.daily_recommendations.limit}
            />
            <UsageBar
              label={t('subscription:usage.marketAlerts')}
              used={usageEntries.market_alerts.used}
              limit={usageEntries.market_alerts.limit}
            />
          </Flex>
          <Text className="app-muted">{t('subscription:usage.resetNote')}</Text>
        </Card>
      </div>

      <Heading level={2}>{t('subscription:plans.title')}</Heading>
      <div className="app-grid app-grid--3">
        {TIERS.map((tier) => {
          const info = tiers.data.tiers[tier];
          const isCurrent = tier === current.tier;
          const name = t(`common:tiers.${tier}`);
          return (
            <Card
              key={tier}
              highlighted={tier === 'PREMIUM'}
              className="subscription__plan"
              data-testid={`plan-${tier}`}
            >
              <Flex justifyContent="space-between" alignItems="center" gap="small" wrap="wrap">
                <Heading level={3} className="app-card-title">
                  {name}
                </Heading>
                {tier === 'PREMIUM' ? (
                  <Badge variant="default">{t('subscription:plans.mostPopular')}</Badge>
                ) : null}
              </Flex>
              <Text className="subscription__price">
                {info.price === 0 ? (
                  t('subscription:plans.free')
                ) : (
                  <>
                    {formatCurrency(info.price, language)}
                    <span className="app-muted"> {t('subscription:plans.perMonth')}</span>
                  </>
                )}
              </Text>
              <Text className="app-muted">{info.description_localized[language]}</Text>
              <ul className="subscription__features">
                {featureLines(info).map((line) => (
                  <li key={line}>
                    <span aria-hidden="true">✓ </span>
                    {line}
                  </li>
                ))}
              </ul>
              {isCurrent ? (
                <Button isDisabled>{t('subscription:plans.currentPlan')}</Button>
              ) : tier === 'FREE' ? null : (
                <Button
                  variation="primary"
                  isDisabled={isDemo || upgrade.isPending || !canUpgrade(current.tier, tier)}
                  onClick={() => choose(tier)}
                >
                  {upgradingTo === tier
                    ? t('subscription:plans.upgrading')
                    : t('subscription:plans.upgradeTo', { plan: name })}
                </Button>
              )}
            </Card>
          );
        })}
      </div>

      <Card>
        <Heading level={2} className="app-card-title">
          {t('subscription:comparison.title')}
        </Heading>
        <div className="subscription__table-wrap">
          <table className="subscription__table">
            <thead>
              <tr>
                <th scope="col">{t('subscription:comparison.feature')}</th>
                {TIERS.map((tier) => (
                  <th scope="col" key={tier}>
                    {t(`common:tiers.${tier}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {COMPARISON_ROWS.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{t(`subscription:comparison.rows.${row.key}`)}</th>
                  {row.cells.map((cell, index) => (
                    <td key={TIERS[index]}>
                      {cell === 'yes' ? (
                        <span
                          className="subscription__tick"
                          role="img"
                          aria-label={t('subscription:comparison.included')}
                        >
                          ✓
                        </span>
                      ) : cell === 'basic' ? (
                        t('subscription:comparison.basic')
                      ) : (
                        <span
                          className="app-muted"
                          role="img"
                          aria-label={t('subscription:comparison.notIncluded')}
                        >
                          —
                        </span>
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>

      <Card data-testid="billing">
        <Heading level={2} className="app-card-title">
          {t('subscription:billing.title')}
        </Heading>
        {invoices.data?.next_billing_date && invoices.data.next_billing_amount !== null ? (
          <Text>
            {t('subscription:billing.nextBilling')}:{' '}
            <strong>
              {t('subscription:billing.nextBillingValue', {
                amount: formatCurrency(invoices.data.next_billing_amount, language),
                date: formatDate(invoices.data.next_billing_date, language),
              })}
            </strong>
          </Text>
        ) : null}
        <Text fontWeight="bold" marginTop="small">
          {t('subscription:billing.invoices')}
        </Text>
        {!invoices.data || invoices.data.invoices.length === 0 ? (
          <Text className="app-muted">{t('subscription:billing.noInvoices')}</Text>
        ) : (
          <div className="subscription__table-wrap">
            <table className="subscription__table" data-testid="invoices">
              <thead>
                <tr>
                  <th scope="col">{t('subscription:billing.date')}</th>
                  <th scope="col">{t('subscription:billing.plan')}</th>
                  <th scope="col">{t('subscription:billing.amount')}</th>
                  <th scope="col">{t('subscription:billing.status')}</th>
                </tr>
              </thead>
              <tbody>
                {invoices.data.invoices.map((invoice) => (
                  <tr key={invoice.id}>
                    <td>{formatDate(invoice.created_at, language)}</td>
                    <td>{t(`common:tiers.${invoice.tier}`)}</td>
                    <td>{formatCurrency(invoice.amount, language)}</td>
                    <td>{t(`subscription:billing.statuses.${invoice.status}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Flex gap="small" wrap="wrap" marginTop="small">
          {/* Part 2 section 2: these three buttons do nothing. */}
          <Button size="small" onClick={() => undefined}>
            {t('subscription:billing.updatePayment')}
          </Button>
          <Button size="small" onClick={() => undefined}>
            {t('subscription:billing.history')}
          </Button>
          <Button size="small" onClick={() => undefined}>
            {t('subscription:billing.cancel')}
          </Button>
        </Flex>
      </Card>
    </Flex>
  );
}
