/*
 * docs/product.md "Screens", session: the last answers of the dashboard's first screen, kept in this browser
 * for the account they belong to, so a returning investor's cards paint before the API answers. They are
 * shown only for the same account id and the same build (an answer's shape may change with a release), as
 * placeholders: the page says they are from the last visit, with their market date, until the fresh
 * answers replace them. The end of the session forgets them (signed out, refused, or ended by the API:
 * kit/api/session-expiry.ts).
 */

const KEPT_ANSWERS_KEY = 'dashboardAnswers';
/** Answers of the same shapes only (vite.config.ts hashes the shared contract and schemas into the id). */
const FORMAT = `1:${__BUILD_ID__}`;

/**
 * The answers of the dashboard's first screen (the greeting and the stat cards): its own route and the
 * recommendations list. The market columns below wait for the fresh snapshot: drawing them twice (kept, then
 * fresh) cost more main-thread time on the first load than the early paint saved (bench/results.md,
 * Lighthouse).
 */
export type KeptPart = 'firstScreen' | 'recommendations';

interface KeptAnswers {
  format: string;
  userId: string;
  parts: Partial<Record<KeptPart, unknown>>;
}

function readKept(userId: string): KeptAnswers | null {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(KEPT_ANSWERS_KEY) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return null;
    const kept = stored as Partial<KeptAnswers>;
    const valid = kept.format === FORMAT && kept.userId === userId && typeof kept.parts === 'object';
    return valid ? (kept as KeptAnswers) : null;
  } catch {
    return null;
  }
}

/** The answers kept for `userId`, as the typed client returned them (read once per screen). */
export function keptAnswers(userId: string): Partial<Record<KeptPart, unknown>> {
  return readKept(userId)?.parts ?? {};
}

/** Keeps a fresh answer for `userId`; another account's answers are dropped. */
export function keepAnswer(userId: string, part: KeptPart, data: unknown): void {
  const parts = readKept(userId)?.parts ?? {};
  try {
    const kept: KeptAnswers = { format: FORMAT, userId, parts: { ...parts, [part]: data } };
    window.localStorage.setItem(KEPT_ANSWERS_KEY, JSON.stringify(kept));
  } catch {
    // Without storage (or over its quota) the next visit waits for the API: a delay, not a failure.
  }
}

export function forgetKeptAnswers(): void {
  try {
    window.localStorage.removeItem(KEPT_ANSWERS_KEY);
  } catch {
    // Nothing stored to forget.
  }
}
