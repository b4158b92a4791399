import { getHolidays } from 'nyse-holidays';

/*
 * The simulator's price series: generated, deterministic per symbol (a seeded random walk), and
 * labelled as test data wherever the simulator names them. They only give the pipeline something to
 * carry at any scale; their shape (sessions, OHLC order, volumes) follows the real recordings.
 *
 * Sessions follow each market's own rule, written here independently of the code under test:
 * NYSE weekdays without the holidays `nyse-holidays` lists (09:30 to 16:00 New York), FX weekdays,
 * crypto every day (00:00 to 23:59 UTC).
 */

export type SimulatedKind = 'equity' | 'etf' | 'index' | 'future' | 'fx' | 'crypto';

export interface SimulatedBar {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

const DAY_MS = 86_400_000;

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

const holidayCache = new Map<number, Set<string>>();
function isNyseHoliday(date: string): boolean {
  const year = Number(date.slice(0, 4));
  let holidays = holidayCache.get(year);
  if (!holidays) {
    holidays = new Set(getHolidays(year).map((holiday) => holiday.dateString));
    holidayCache.set(year, holidays);
  }
  return holidays.has(date);
}

export function tradesOn(kind: SimulatedKind, date: string): boolean {
  if (kind === 'crypto') return true;
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return kind === 'fx' || !isNyseHoliday(date);
}

export const usesNyseHours = (kind: SimulatedKind) => kind !== 'crypto' && kind !== 'fx';

/*
 * Building an Intl.DateTimeFormat costs about as much as a chart answer's other work together, and
 * every bar asks for its session's bounds: one formatter per zone, and each session's bounds once
 * (the bench's simulator served 2,000 charts with 317 CPU seconds before, bench/results.md section 8).
 */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/** Minutes the zone is ahead of UTC at that instant (New York: -300 in winter, -240 in summer). */
export function zoneOffsetMinutes(epochMs: number, timeZone: string): number {
  const parts = zoneFormat(timeZone).formatToParts(new Date(epochMs));
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const local = Date.UTC(value('year'), value('month') - 1, value('day'), value('hour'), value('minute'));
  return Math.round((local - Math.floor(epochMs / 60_000) * 60_000) / 60_000);
}

const nyseSessions = new Map<string, { open: number; close: number }>();

/** A session's opening and closing instants (epoch ms). */
export function sessionBounds(kind: SimulatedKind, date: string): { open: number; close: number } {
  const midnight = Date.parse(`${date}T00:00:00Z`);
  if (!usesNyseHours(kind)) return { open: midnight, close: midnight + DAY_MS - 60_000 };
  let bounds = nyseSessions.get(date);
  if (!bounds) {
    const offset = zoneOffsetMinutes(midnight + 12 * 3_600_000, 'America/New_York');
    const open = midnight + (9 * 60 + 30 - offset) * 60_000;
    bounds = { open, close: midnight + (16 * 60 - offset) * 60_000 };
    nyseSessions.set(date, bounds);
  }
  return { ...bounds };
}

/** The market's date at an instant. */
export function marketDate(kind: SimulatedKind, epochMs: number): string {
  const offset = usesNyseHours(kind) ? zoneOffsetMinutes(epochMs, 'America/New_York') : 0;
  return new Date(epochMs + offset * 60_000).toISOString().slice(0, 10);
}

/** mulberry32, seeded from the symbol: the same symbol always gets the same series. */
function seededRandom(symbol: string): () => number {
  let seed = 2166136261;
  for (const char of symbol) seed = Math.imul(seed ^ char.charCodeAt(0), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** Daily bars from `start` to `end` inclusive, on the kind's sessions. */
export function generateBars(
  symbol: string,
  kind: SimulatedKind,
  start: string,
  end: string,
  startPrice: number,
): SimulatedBar[] {
  const random = seededRandom(symbol);
  const volatility = kind === 'crypto' ? 0.03 : kind === 'fx' ? 0.004 : 0.015;
  const decimals = kind === 'fx' ? 5 : 2;
  const bars: SimulatedBar[] = [];
  let close = startPrice;
  for (let date = start; date <= end; date = addDays(date, 1)) {
    if (!tradesOn(kind, date)) continue;
    const open = close * (1 + (random() - 0.5) * volatility * 0.5);
    close = Math.max(close * (1 + (random() - 0.5) * 2 * volatility), 0.01);
    const high = Math.max(open, close) * (1 + random() * volatility * 0.5);
    const low = Math.min(open, close) * (1 - random() * volatility * 0.5);
    bars.push({
      date,
      open: round(open, decimals),
      high: round(high, decimals),
      low: round(low, decimals),
      close: round(close, decimals),
      volume: kind === 'fx' ? 0 : Math.round(1_000_000 + random() * 9_000_000),
    });
  }
  return bars;
}
