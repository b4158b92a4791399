import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { DEMO_USER_ID } from '@/features/dashboard/api/get-dashboard-data';
import { useAuth } from '@/features/auth/components/auth-provider';

export function DashboardRoute() {
  const { viewer, user } = useAuth();
  if (!viewer) return null;
  return (
    <DashboardPage
      name={viewer.name}
      tier={viewer.tier}
      isDemo={viewer.isDemo}
      recommendationsUserId={user && !viewer.isDemo ? user.id : DEMO_USER_ID}
    />
  );
}
