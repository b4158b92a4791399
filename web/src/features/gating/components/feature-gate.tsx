import { Button, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Feature } from '@app/shared/domain/enums';
import { Badge } from '@/kit/ui/badge';
import { useFeatureAccess } from '@/lib/feature-access';
import { UpgradeDialog } from './upgrade-dialog';
import './gating.css';

export interface FeatureGateProps {
  feature: Feature;
  children: ReactNode;
  /**
   * The limited view: shown blurred behind the overlay instead of the children when access is denied.
   * When there is one, the overlay offers 'Continue with Limited Access', which shows it plainly.
   */
  fallback?: ReactNode;
  /**
   * What the plan would add, drawn blurred behind the overlay when the limited view is already shown
   * plainly outside the gate (no 'Continue with Limited Access': there is nothing more to continue to).
   */
  preview?: ReactNode;
  /**
   * 'inline': the limited view shown plainly with a compact upgrade box above it, no blur and no overlay
   * (a whole screen section a paying plan meets on its own page, such as the Alerts page's rules).
   */
  variant?: 'overlay' | 'inline';
}

/**
 * docs/product.md "Screens", feature gate: checking (spinner) -> allowed (children) or denied (blurred
 * content under an overlay with 'Premium Feature', the required tier, Upgrade, and the limited view when
 * there is one). Wrap any route element or panel. The server refuses or trims the same feature on its own.
 * The upgrade box sits at the top of the blurred part and is never clipped (issue 46: centred in a tall
 * panel it was 1,900 px down; over a short one its top went under the header).
 */
export function FeatureGate({ feature, children, fallback, preview, variant = 'overlay' }: FeatureGateProps) {
  const { t } = useTranslation(['gating', 'common']);
  const access = useFeatureAccess(feature);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [limited, setLimited] = useState(false);

  if (access.checking) {
    return (
      <Flex justifyContent="center" alignItems="center" gap="small" padding="large" role="status">
        <Loader aria-hidden="true" />
        <Text>{t('gating:gate.checking')}</Text>
      </Flex>
    );
  }
  if (access.allowed) return <>{children}</>;
  if (limited && fallback !== undefined) return <div data-testid={`limited-${feature}`}>{fallback}</div>;

  const tier = t(`common:tiers.${access.requiredTier}`);
  const upgradeBox = (
    <div className="gating__overlay-panel" data-testid="gate-upgrade-box">
      <span className="gating__crown" aria-hidden="true">
        ♛
      </span>
      <Heading level={2} className="app-card-title">
        {t('gating:gate.title')}
      </Heading>
      <Text>{access.upgradeMessage ?? t('gating:gate.description')}</Text>
      <Badge variant="warning" data-testid="required-tier">
        {t('gating:gate.requiredTier', { tier })}
      </Badge>
      <Flex gap="small" wrap="wrap" justifyContent="center">
        <Button variation="primary" onClick={() => setDialogOpen(true)}>
          {t('gating:gate.upgrade')}
        </Button>
        {fallback !== undefined && preview === undefined && variant === 'overlay' ? (
          <Button variation="link" onClick={() => setLimited(true)}>
            {t('gating:gate.continueLimited')}
          </Button>
        ) : null}
      </Flex>
    </div>
  );
  const dialog = (
    <UpgradeDialog open={dialogOpen} onClose={() => setDialogOpen(false)} currentTier={access.userTier} />
  );

  if (variant === 'inline') {
    return (
      <div className="gating__inline" data-testid={`feature-gate-${feature}`}>
        {upgradeBox}
        {fallback}
        {dialog}
      </div>
    );
  }
  return (
    <div className="gating__gate" data-testid={`feature-gate-${feature}`}>
      <div className="gating__blurred" aria-hidden="true" inert>
        {preview ?? fallback ?? children}
      </div>
      <div className="gating__overlay">{upgradeBox}</div>
      {dialog}
    </div>
  );
}
