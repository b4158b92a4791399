/*
 * The signed-in user's name as the last session check gave it, kept in this browser so the dashboard greets
 * them before the check of a stored session answers (docs/product.md "Screens", session). Only read back for
 * the same account id; the check's answer replaces it.
 */

const REMEMBERED_NAME_KEY = 'viewerName';

export function rememberName(userId: string, name: string): void {
  try {
    window.localStorage.setItem(REMEMBERED_NAME_KEY, JSON.stringify({ userId, name }));
  } catch {
    // Without storage the greeting waits for the session check: a delay, not a failure.
  }
}

export function rememberedName(userId: string): string | null {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(REMEMBERED_NAME_KEY) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return null;
    const { userId: owner, name } = stored as { userId?: unknown; name?: unknown };
    return owner === userId && typeof name === 'string' ? name : null;
  } catch {
    return null;
  }
}

export function forgetName(): void {
  try {
    window.localStorage.removeItem(REMEMBERED_NAME_KEY);
  } catch {
    // Nothing stored to forget.
  }
}
