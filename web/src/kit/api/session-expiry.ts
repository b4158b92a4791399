/**
 * Who asks the user to sign in again when the API answers that the session has ended (docs/product.md
 * "Screens", session). A signed-in screen registers a handler that asks in place, so the page and what was
 * typed on it stay (issue 46: saving a transaction after the session expired sent the user home and the
 * input was lost). Without a handler (the admin site, a public page), the client's own sign-out applies.
 */
type ExpiryHandler = () => void;

let handler: ExpiryHandler | null = null;

/** Registers the handler; returns what unregisters it. */
export function handleSessionExpiry(next: ExpiryHandler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
}

/** Hands the expiry to the registered handler; false when there is none. */
export function reportSessionExpired(): boolean {
  if (!handler) return false;
  handler();
  return true;
}

/**
 * What a site keeps in this browser for the signed-in account (the investor site: the dashboard's kept
 * answers), forgotten whenever the session ends: signed out, refused by the start-up check, or ended by the
 * API (./server-state.tsx's session end, the signed-in screens' sign-in-again dialog). The kit does not know
 * what a site keeps, so the site registers it.
 */
const forgetters = new Set<() => void>();

/** Registers what to forget when the session ends; returns what unregisters it. */
export function forgetWhenSessionEnds(forget: () => void): () => void {
  forgetters.add(forget);
  return () => forgetters.delete(forget);
}

/** The session has ended: forgets everything registered. */
export function forgetSessionData(): void {
  for (const forget of forgetters) forget();
}
