import { useAuth } from '@/features/auth/components/auth-provider';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';

export function DashboardRoute() {
  const { viewer, listOwnerId } = useAuth();
  if (!viewer) return null;
  return (
    <DashboardPage
      name={viewer.name}
      tier={viewer.tier}
      isDemo={viewer.isDemo}
      recommendationsUserId={listOwnerId}
    />
  );
}
