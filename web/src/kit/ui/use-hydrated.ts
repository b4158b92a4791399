import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False in a prerendered page's markup and while React hydrates it, true once the page answers input.
 * A control that needs the client (a form that posts through the API) stays disabled until then, so a
 * click on the static HTML neither does nothing nor submits the browser's own GET with the fields in the URL.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
