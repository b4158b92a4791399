import type { Bar } from '../../../engine/types';

/*
 * Checks every replay loader applies: the files are fixed package contents, so a malformed row means a
 * package changed under us and must fail loudly, never be papered over.
 */

export class DataFileError extends Error {
  constructor(file: string, detail: string) {
    super(`${file}: ${detail}`);
    this.name = 'DataFileError';
  }
}

export function requireNumber(value: number | null, file: string, what: string): number {
  if (value === null) throw new DataFileError(file, `missing or non-numeric ${what}`);
  return value;
}

export function requireIsoDate(value: string, file: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new DataFileError(file, `bad date '${value}'`);
  return value;
}

/** Sorts ascending and rejects duplicate dates, so every consumer can rely on strict order. */
export function sortAndCheckBars(bars: Bar[], file: string): Bar[] {
  const sorted = [...bars].sort((left, right) =>
    left.date < right.date ? -1 : left.date > right.date ? 1 : 0,
  );
  for (let i = 1; i < sorted.length; i += 1) {
    if (sorted[i]?.date === sorted[i - 1]?.date)
      throw new DataFileError(file, `duplicate date ${sorted[i]?.date}`);
  }
  return sorted;
}
