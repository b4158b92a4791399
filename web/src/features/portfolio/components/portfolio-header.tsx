import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { Tier } from '@app/shared/domain/enums';

export interface PortfolioHeaderProps {
  analysisAllowed: boolean;
  /** The tier that unlocks the analysis, named in the button's title; below it the button opens the gate. */
  analysisTier: Tier;
  onOpenAnalysis: () => void;
  addDisabled: boolean;
  onAddAsset: () => void;
  /** 'used / limit' on the Add Asset button, when the plan has a finite limit. */
  usage: { used: number; limit: number } | null;
}

/** Title, the portfolio analysis (a crown below its tier: it opens the feature gate) and Add Asset with the slots used. */
export function PortfolioHeader(props: PortfolioHeaderProps) {
  const { t } = useTranslation(['portfolio', 'common']);
  const { analysisAllowed, usage } = props;
  return (
    <Flex justifyContent="space-between" alignItems="flex-start" wrap="wrap" gap="medium">
      <div>
        <Heading level={1}>{t('portfolio:title')}</Heading>
        <Text className="app-muted">{t('portfolio:subtitle')}</Text>
      </div>
      <Flex gap="small" wrap="wrap">
        <Button
          onClick={props.onOpenAnalysis}
          title={
            analysisAllowed
              ? undefined
              : t('portfolio:header.analysisLocked', { tier: t(`common:tiers.${props.analysisTier}`) })
          }
          data-testid="analysis-button"
        >
          {analysisAllowed ? null : (
            <span className="portfolio__crown" aria-hidden="true">
              ♛
            </span>
          )}
          {t('portfolio:header.analysis')}
        </Button>
        <Button
          variation="primary"
          onClick={props.onAddAsset}
          isDisabled={props.addDisabled}
          data-testid="add-asset-button"
        >
          {t('portfolio:header.addAsset')}
          {usage ? (
            <span className="portfolio__usage-badge" data-testid="add-asset-usage">
              {t('portfolio:header.usageBadge', usage)}
            </span>
          ) : null}
        </Button>
      </Flex>
    </Flex>
  );
}
