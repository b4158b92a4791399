import { DashboardPlaceholder } from '@/features/dashboard/components/dashboard-placeholder';
import { useAuth } from '@/features/auth/components/auth-provider';

export function DashboardRoute() {
  const { viewer } = useAuth();
  if (!viewer) return null;
  return (
    <DashboardPlaceholder name={viewer.name} email={viewer.email} tier={viewer.tier} isDemo={viewer.isDemo} />
  );
}
