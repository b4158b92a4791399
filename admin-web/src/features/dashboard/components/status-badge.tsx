import { useTranslation } from 'react-i18next';
import type { ServiceStatus } from '@app/shared/domain/enums';
import { Badge, type BadgeVariant } from '@app/web/kit/ui/badge';

const VARIANTS: Record<ServiceStatus, BadgeVariant> = {
  online: 'success',
  warning: 'warning',
  offline: 'destructive',
};

/** Online, offline or warning, in words and colour. */
export function ServiceStatusBadge({ status }: { status: ServiceStatus }) {
  const { t } = useTranslation('admin');
  return <Badge variant={VARIANTS[status]}>{t(`statuses.${status}`)}</Badge>;
}
