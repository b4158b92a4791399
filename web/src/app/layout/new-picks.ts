/**
 * The recommendations badge: picks new since the user's last visit to the recommendations screen.
 * The last visit is remembered in this browser's localStorage, per user (the symbols the list showed
 * then), so a visit on another device does not clear it; nothing is sent to the server.
 */

const STORAGE_PREFIX = 'nugget.seenPicks.';

/** How many of the current picks were not in the list at the last visit (all of them before any visit). */
export function countNewPicks(current: readonly string[], seen: readonly string[] | null): number {
  if (seen === null) return current.length;
  const known = new Set(seen);
  return current.filter((symbol) => !known.has(symbol)).length;
}

export function readSeenPicks(
  userId: string,
  storage: Storage | undefined = globalThis.localStorage,
): string[] | null {
  try {
    const stored = storage?.getItem(STORAGE_PREFIX + userId);
    if (!stored) return null;
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed)
      ? parsed.filter((entry): entry is string => typeof entry === 'string')
      : null;
  } catch {
    // Storage disabled or a value written by hand: as if never visited.
    return null;
  }
}

export function rememberSeenPicks(
  userId: string,
  symbols: readonly string[],
  storage: Storage | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(STORAGE_PREFIX + userId, JSON.stringify([...symbols]));
  } catch {
    // Storage full or disabled: the badge simply keeps counting.
  }
}
