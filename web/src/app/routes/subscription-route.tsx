import { useAuth } from '@/features/auth/components/auth-provider';
import { SubscriptionPage } from '@/features/subscription/components/subscription-page';

export function SubscriptionRoute() {
  const { viewer } = useAuth();
  if (!viewer) return null;
  return <SubscriptionPage isDemo={viewer.isDemo} />;
}
