import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { TIER_CATALOGUE } from '@app/shared/domain/catalogue/tiers';
import { PAID_TIERS } from '@app/shared/domain/billing/billing-plans';
import type { Tier } from '@app/shared/domain/enums';
import { formatCurrency } from '@app/shared/domain/rules/formatting';
import { PerkList } from '@/components/perk-list';
import { Card } from '@/kit/ui/card';
import { Dialog } from '@/kit/ui/dialog';
import { usePreferences } from '@/kit/preferences/preferences';
import './gating.css';

export interface UpgradeDialogProps {
  open: boolean;
  onClose: () => void;
  /** The caller's tier, when known: its own plan is marked, not offered. */
  currentTier?: Tier | null;
}

/**
 * docs/product.md "Screens", feature gate: Premium and Platinum with what each delivers (the catalogue's perk
 * lines), 30-day money-back, cancel anytime. Choosing a plan opens the checkout on the subscription screen,
 * where the price and billing date are confirmed before anything is charged.
 */
export function UpgradeDialog({ open, onClose, currentTier }: UpgradeDialogProps) {
  const { t } = useTranslation(['gating', 'common']);
  const { language } = usePreferences();
  const navigate = useNavigate();

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('gating:dialog.title')}
      description={t('gating:dialog.subtitle')}
      closeLabel={t('gating:dialog.close')}
    >
      <div className="gating__plans">
        {PAID_TIERS.map((tier) => {
          const name = t(`common:tiers.${tier}`);
          return (
            <Card key={tier} highlighted={tier === 'PREMIUM'} className="gating__plan">
              <Heading level={3} className="app-card-title">
                {name}
              </Heading>
              <Text className="gating__price">
                {formatCurrency(TIER_CATALOGUE[tier].price, language)}
                <span className="app-muted">{t('gating:dialog.perMonth')}</span>
              </Text>
              <PerkList tier={tier} className="gating__perks" />
              <Button
                variation="primary"
                isDisabled={currentTier === tier}
                onClick={() => {
                  onClose();
                  void navigate(`/subscription?plan=${tier}&cycle=monthly`);
                }}
                data-testid={`upgrade-to-${tier}`}
              >
                {currentTier === tier
                  ? t('gating:dialog.currentPlan')
                  : t('gating:dialog.choose', { plan: name })}
              </Button>
            </Card>
          );
        })}
      </div>
      <Flex gap="medium" justifyContent="center" wrap="wrap" marginTop="medium">
        <Text className="app-muted">✓ {t('gating:dialog.moneyBack')}</Text>
        <Text className="app-muted">✓ {t('gating:dialog.cancelAnytime')}</Text>
      </Flex>
    </Dialog>
  );
}
