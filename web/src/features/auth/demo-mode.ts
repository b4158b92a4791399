/**
 * Demo mode is a local choice (docs/product.md "Roles, plans and demo mode"): a flag in this browser, nothing
 * on the server. A demo visitor has limited features and no data persistence.
 */
export const DEMO_MODE_STORAGE_KEY = 'demoMode';

export function isDemoMode(): boolean {
  try {
    return window.localStorage.getItem(DEMO_MODE_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function setDemoMode(enabled: boolean): void {
  try {
    if (enabled) window.localStorage.setItem(DEMO_MODE_STORAGE_KEY, 'true');
    else window.localStorage.removeItem(DEMO_MODE_STORAGE_KEY);
  } catch {
    // Without storage the choice lasts for this page only.
  }
}

/**
 * docs/product.md "Roles, plans and demo mode": the `{user}` of the AI list routes for a demo visitor, the
 * public demo list.
 */
export const DEMO_USER_ID = 'demo_user';
