import { Flex, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { isUnlimited, usageColour, usagePercentage } from '@app/shared/domain/rules/usage';
import { ProgressBar } from '@/kit/ui/progress-bar';

const TONE = { green: 'success', yellow: 'warning', red: 'error' } as const;

export interface UsageBarProps {
  label: string;
  used: number;
  /** -1 is unlimited: the infinity sign and an empty bar. */
  limit: number;
}

/** One Current Usage line: used / limit (infinity for -1) and a bar coloured by the shared rule. */
export function UsageBar({ label, used, limit }: UsageBarProps) {
  const { t } = useTranslation(['subscription', 'common']);
  const percentage = usagePercentage(used, limit);
  const colour = usageColour(percentage);
  return (
    <div className="subscription__usage" data-colour={colour}>
      <Flex justifyContent="space-between">
        <Text>{label}</Text>
        <Text fontWeight="bold" data-testid="usage-value">
          {t('subscription:usage.value', {
            used,
            limit: isUnlimited(limit) ? t('common:infinity') : limit,
          })}
        </Text>
      </Flex>
      <ProgressBar value={percentage} label={label} tone={TONE[colour]} />
    </div>
  );
}
