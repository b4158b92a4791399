import { Suspense, lazy, useEffect, useState } from 'react';
import { forgetSessionData, handleSessionExpiry } from '@/kit/api/session-expiry';

/** The sign-in form's chunk, as the sign-in dialog's: loaded only when a session ends. */
const SessionExpiredForm = lazy(() => import('./session-expired-form'));

/**
 * docs/product.md "Screens", session: when the API answers 401 on a signed-in screen, this asks to sign in
 * again over the page instead of leaving it, so the page and what was typed on it stay; saving again then
 * works. "Sign out" leaves as before. What the site kept for the ended session is forgotten either way.
 */
export function SessionExpiredDialog({ onLeave }: { onLeave: () => void }) {
  const [open, setOpen] = useState(false);
  useEffect(
    () =>
      handleSessionExpiry(() => {
        // The session has ended: what was kept for it goes, whether or not the user signs in again.
        forgetSessionData();
        setOpen(true);
      }),
    [],
  );
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SessionExpiredForm onSignedIn={() => setOpen(false)} onLeave={onLeave} />
    </Suspense>
  );
}
