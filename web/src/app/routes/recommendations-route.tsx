import { useAuth } from '@/features/auth/components/auth-provider';
import { ContextualView } from '@/features/contextual/components/contextual-view';
import { RecommendationsPage } from '@/features/recommendations/components/recommendations-page';

/** /recommendations: the signed-in user's list (the public demo list for demo visitors). */
export function RecommendationsRoute() {
  const { user, viewer, listOwnerId } = useAuth();
  if (!viewer) return null;
  return (
    <RecommendationsPage
      userId={listOwnerId}
      canWrite={!viewer.isDemo && user !== null}
      contextual={<ContextualView />}
    />
  );
}
