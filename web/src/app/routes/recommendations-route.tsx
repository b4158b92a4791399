import { useAuth } from '@/features/auth/components/auth-provider';
import { ContextualView } from '@/features/contextual/components/contextual-view';
import { DEMO_USER_ID } from '@/features/recommendations/api/get-recommendations';
import { RecommendationsPage } from '@/features/recommendations/components/recommendations-page';

/** /recommendations: the signed-in user's list (the public demo list for demo visitors). */
export function RecommendationsRoute() {
  const { user, viewer } = useAuth();
  if (!viewer) return null;
  const signedIn = !viewer.isDemo && user !== null;
  return (
    <RecommendationsPage
      userId={signedIn ? user.id : DEMO_USER_ID}
      canWrite={signedIn}
      contextual={<ContextualView />}
    />
  );
}
