import { Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { isUnlimited, remaining, usagePercentage, usageColour } from '@app/shared/domain/rules/usage';
import { formatNumber } from '@app/shared/domain/rules/formatting';
import { Card } from '@/kit/ui/card';
import { ProgressBar } from '@/kit/ui/progress-bar';
import { usePreferences } from '@/kit/preferences/preferences';
import { formatLimit, INFINITY_SIGN } from './format-helpers';

const TONES = { green: 'success', yellow: 'warning', red: 'error' } as const;

export interface UsageCardProps {
  used: number;
  limit: number;
}

/**
 * docs/product.md "Screens", recommendations: the daily-usage card ('Used: n/limit today', remaining;
 * infinity for -1).
 */
export function UsageCard({ used, limit }: UsageCardProps) {
  const { t } = useTranslation('recommendations');
  const { language } = usePreferences();
  const left = remaining(used, limit);
  const percentage = usagePercentage(used, limit);
  return (
    <Card className="rec-usage">
      <Heading level={2} fontSize="large">
        {t('usage.title')}
      </Heading>
      <Text>
        {t('usage.used', { used: formatNumber(used, language, 0), limit: formatLimit(limit, language) })}
      </Text>
      <Text>
        {t('usage.remainingValue', {
          value: Number.isFinite(left) ? formatNumber(left, language, 0) : INFINITY_SIGN,
        })}
      </Text>
      {isUnlimited(limit) ? (
        <Text className="app-muted">{t('usage.unlimited')}</Text>
      ) : (
        <ProgressBar value={percentage} label={t('usage.usedLabel')} tone={TONES[usageColour(percentage)]} />
      )}
    </Card>
  );
}
