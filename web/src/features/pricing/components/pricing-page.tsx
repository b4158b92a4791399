import { Flex, Grid, Text, ToggleButton, ToggleButtonGroup } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompactHero, FaqSection } from '@/components/public-page';
import {
  BILLING_PERIODS,
  DEFAULT_BILLING_PERIOD,
  type BillingPeriod,
} from '@app/shared/domain/rules/pricing';
import { CheckIcon, CoinIcon, ShieldIcon } from '@/kit/ui/icons';
import { Badge } from '@/kit/ui/badge';
import { usePreferences } from '@/kit/preferences/preferences';
import { PlanCard } from './plan-card';
import PLANS from 'virtual:marketing-plans';
import './pricing.css';

const FAQ = ['changePlan', 'refund', 'crypto', 'trading'] as const;

/** docs/product.md "Screens", public pages: the pricing page. */
export function PricingPage() {
  const { t } = useTranslation('pricing');
  const { language } = usePreferences();
  const [period, setPeriod] = useState<BillingPeriod>(DEFAULT_BILLING_PERIOD);

  return (
    <>
      <CompactHero title={t('hero.title')} subtitle={t('hero.subtitle')}>
        <Flex className="app-actions app-actions--middle">
          <ToggleButtonGroup
            value={period}
            isExclusive
            isSelectionRequired
            onChange={(value) => setPeriod(value as BillingPeriod)}
            aria-label={t('billing.toggleLabel')}
            size="small"
          >
            {BILLING_PERIODS.map((option) => (
              <ToggleButton key={option} value={option}>
                {t(`billing.${option}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {period === 'annual' ? (
            <Badge variant="success" data-testid="save-badge">
              {t('billing.save')}
            </Badge>
          ) : null}
        </Flex>
      </CompactHero>

      <section className="app-section">
        <div className="app-section__inner">
          <Grid className="app-grid app-grid--3 app-plans">
            {PLANS.map((plan) => (
              <PlanCard key={plan.id} plan={plan} period={period} language={language} />
            ))}
          </Grid>
          <ul className="app-badges-row">
            <li>
              <CheckIcon size={16} /> {t('badges.noCard')}
            </li>
            <li>
              <CoinIcon size={16} /> {t('badges.cancelAnytime')}
            </li>
            <li>
              <ShieldIcon size={16} /> {t('badges.speculationFree')}
            </li>
          </ul>
          <Text className="app-muted app-pricing__money-back">{t('moneyBack')}</Text>
        </div>
      </section>

      <FaqSection content={t('faq', { returnObjects: true })} order={FAQ} />
    </>
  );
}
