import { useAuth } from '@/features/auth/components/auth-provider';
import { rememberedName } from '@/features/auth/remembered-name';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';

/**
 * docs/product.md "Screens", session: with a stored sign-in the dashboard paints while the session is
 * checked (the name the last check gave, else a skeleton), its requests sent with the stored token.
 */
export function DashboardRoute() {
  const { viewer, listOwnerId, pendingUserId } = useAuth();
  if (viewer) {
    return <DashboardPage name={viewer.name} isDemo={viewer.isDemo} recommendationsUserId={listOwnerId} />;
  }
  if (!pendingUserId) return null;
  return (
    <DashboardPage
      name={rememberedName(pendingUserId)}
      isDemo={false}
      recommendationsUserId={pendingUserId}
    />
  );
}
