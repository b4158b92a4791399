import { createHash } from 'node:crypto';
import type { Bar } from '../../../engine/types';

/*
 * The compact form of one daily OHLCV series of the US stock and ETF history (README.md "The US
 * market, 2007-2017"): every number an integer, column by column, so that brotli finds the repeats.
 * Lossless: a price is kept in units of 10^-decimals, `decimals` being the most decimal places any
 * price of the series has in the source, and decodes to the very number the source CSV wrote.
 *
 * Layout (unsigned LEB128 varints; signed values zigzag-encoded):
 *
 * | Part          | Count | Value                                                     |
 * | ------------- | ----- | --------------------------------------------------------- |
 * | format        | 1     | 1                                                         |
 * | decimals      | 1     | price unit is 10^-decimals                                |
 * | rows          | 1     | n                                                         |
 * | first date    | 1     | days since 1970-01-01                                     |
 * | date steps    | n - 1 | days from the bar before                                  |
 * | close         | n     | signed, close minus the close before (the first from 0)   |
 * | open          | n     | signed, open minus close                                  |
 * | high          | n     | high minus the larger of open and close                   |
 * | low           | n     | the smaller of open and close minus low                   |
 * | volume        | n     | shares; 0 when the source gives no volume for the day     |
 *
 * Only bars with every price, low <= open, close <= high, can be encoded: the build drops the others
 * (us-daily-validation.ts), so a negative high or low step is an error, never written.
 */

export const US_DAILY_FORMAT = 1;
const DAY_MS = 86_400_000;

export class UsDailyCodecError extends Error {
  constructor(detail: string) {
    super(`US daily series: ${detail}`);
    this.name = 'UsDailyCodecError';
  }
}

/** A bar with every field, as the encoder takes it. Volume undefined: the day's volume is unknown. */
export interface FullBar {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume?: number;
}

class ByteWriter {
  private bytes: number[] = [];
  unsigned(value: number): void {
    if (!Number.isSafeInteger(value) || value < 0) throw new UsDailyCodecError(`cannot write ${value}`);
    let rest = value;
    while (rest >= 0x80) {
      this.bytes.push((rest % 0x80) | 0x80);
      rest = Math.floor(rest / 0x80);
    }
    this.bytes.push(rest);
  }
  signed(value: number): void {
    this.unsigned(value < 0 ? -2 * value - 1 : 2 * value);
  }
  result(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

class ByteReader {
  private offset = 0;
  constructor(private readonly bytes: Uint8Array) {}
  unsigned(): number {
    let value = 0;
    let factor = 1;
    for (;;) {
      const byte = this.bytes[this.offset];
      if (byte === undefined) throw new UsDailyCodecError('truncated data');
      this.offset += 1;
      value += (byte & 0x7f) * factor;
      if (byte < 0x80) return value;
      factor *= 0x80;
    }
  }
  signed(): number {
    const zigzag = this.unsigned();
    return zigzag % 2 === 0 ? zigzag / 2 : -(zigzag + 1) / 2;
  }
  atEnd(): boolean {
    return this.offset === this.bytes.length;
  }
}

function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

// A history of ten years has under 4,000 distinct dates: each is written once.
const datesByDay = new Map<number, string>();
function dateOfDay(day: number): string {
  let date = datesByDay.get(day);
  if (date === undefined) {
    date = new Date(day * DAY_MS).toISOString().slice(0, 10);
    datesByDay.set(day, date);
  }
  return date;
}

/** Decimal places of a number as JavaScript writes it (a source cell parsed with Number). */
export function decimalPlaces(value: number): number {
  const text = String(value);
  if (/e/i.test(text)) throw new UsDailyCodecError(`cannot scale ${text}`);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

function toUnits(value: number, decimals: number): number {
  const units = Math.round(value * 10 ** decimals);
  if (units / 10 ** decimals !== value)
    throw new UsDailyCodecError(`${value} is not a multiple of 1e-${decimals}`);
  return units;
}

export function encodeBars(bars: readonly FullBar[]): Uint8Array {
  const first = bars[0];
  if (!first) throw new UsDailyCodecError('no bars to encode');
  const decimals = Math.max(
    ...bars.map((bar) => Math.max(...[bar.open, bar.high, bar.low, bar.close].map(decimalPlaces))),
  );
  const units = bars.map((bar) => ({
    open: toUnits(bar.open, decimals),
    high: toUnits(bar.high, decimals),
    low: toUnits(bar.low, decimals),
    close: toUnits(bar.close, decimals),
  }));
  const writer = new ByteWriter();
  writer.unsigned(US_DAILY_FORMAT);
  writer.unsigned(decimals);
  writer.unsigned(bars.length);
  writer.unsigned(dayNumber(first.date));
  for (let i = 1; i < bars.length; i += 1) {
    const step = dayNumber(bars[i]?.date ?? '') - dayNumber(bars[i - 1]?.date ?? '');
    if (!(step > 0)) throw new UsDailyCodecError(`dates not ascending at ${bars[i]?.date}`);
    writer.unsigned(step);
  }
  units.forEach((bar, i) => writer.signed(bar.close - (units[i - 1]?.close ?? 0)));
  units.forEach((bar) => writer.signed(bar.open - bar.close));
  units.forEach((bar) => writer.unsigned(bar.high - Math.max(bar.open, bar.close)));
  units.forEach((bar) => writer.unsigned(Math.min(bar.open, bar.close) - bar.low));
  bars.forEach((bar) => writer.unsigned(bar.volume ?? 0));
  return writer.result();
}

/** The bars of an encoded series (uncompressed bytes), ascending by date. */
export function decodeBars(bytes: Uint8Array): Bar[] {
  const reader = new ByteReader(bytes);
  const format = reader.unsigned();
  if (format !== US_DAILY_FORMAT) throw new UsDailyCodecError(`unknown format ${format}`);
  const scale = 10 ** reader.unsigned();
  const count = reader.unsigned();
  const days = [reader.unsigned()];
  for (let i = 1; i < count; i += 1) days.push((days[i - 1] ?? 0) + reader.unsigned());
  const closes: number[] = [];
  for (let i = 0; i < count; i += 1) closes.push((closes[i - 1] ?? 0) + reader.signed());
  const opens = closes.map((close) => close + reader.signed());
  const highs = opens.map((open, i) => Math.max(open, closes[i] ?? 0) + reader.unsigned());
  const lows = opens.map((open, i) => Math.min(open, closes[i] ?? 0) - reader.unsigned());
  const volumes = closes.map(() => reader.unsigned());
  if (!reader.atEnd()) throw new UsDailyCodecError('trailing bytes');
  return days.map((day, i) => {
    const bar: Bar = {
      date: dateOfDay(day),
      open: (opens[i] ?? 0) / scale,
      high: (highs[i] ?? 0) / scale,
      low: (lows[i] ?? 0) / scale,
      close: (closes[i] ?? 0) / scale,
    };
    const volume = volumes[i] ?? 0;
    if (volume > 0) bar.volume = volume;
    return bar;
  });
}

/**
 * Fingerprint of a decoded series (the manifest's `checksum`): SHA-256 of one line per bar,
 * `date,open,high,low,close,volume` as JavaScript writes the numbers (volume empty when unknown),
 * first 16 hex digits.
 */
export function seriesChecksum(bars: readonly Bar[]): string {
  let text = '';
  for (const bar of bars)
    text += `${bar.date},${bar.open},${bar.high},${bar.low},${bar.close},${bar.volume ?? ''}\n`;
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}
