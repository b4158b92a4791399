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
