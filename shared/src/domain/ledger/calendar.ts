/**
 * Calendar days as ISO strings (`YYYY-MM-DD`), computed in UTC so that no machine's time zone can
 * move a transaction to another day. The ledger only needs days, whole months and years; a date
 * library would add weight for these few lines.
 */
export type IsoDate = string;

const MS_PER_DAY = 86_400_000;

/** Days since 1970-01-01 (UTC) of an ISO date. */
export function epochDay(date: IsoDate): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / MS_PER_DAY);
}

const pad2 = (value: number): string => (value < 10 ? `0${value}` : String(value));

/**
 * The ISO date of a day number. Integer arithmetic (Howard Hinnant's civil_from_days) instead of
 * `Date#toISOString`: the daily valuation calls this for every day of every valuation.
 */
export function dateFromEpochDay(day: number): IsoDate {
  const shifted = day + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthIndex = Math.floor((5 * dayOfYear + 2) / 153);
  const dayOfMonth = dayOfYear - Math.floor((153 * monthIndex + 2) / 5) + 1;
  const month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${year < 1000 ? String(year).padStart(4, '0') : year}-${pad2(month)}-${pad2(dayOfMonth)}`;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return dateFromEpochDay(epochDay(date) + days);
}

export function daysBetween(from: IsoDate, to: IsoDate): number {
  return epochDay(to) - epochDay(from);
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/**
 * The same day `months` months away, clamped to the month's last day (2017-03-31 minus one month
 * is 2017-02-28), which is how brokers and spreadsheets count a "1M" window.
 */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const totalMonths = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(totalMonths / 12);
  const targetMonthIndex = totalMonths - targetYear * 12;
  const targetDay = Math.min(day, daysInMonth(targetYear, targetMonthIndex));
  return new Date(Date.UTC(targetYear, targetMonthIndex, targetDay)).toISOString().slice(0, 10);
}

/** Every calendar day from `from` to `to`, both included. */
export function eachDay(from: IsoDate, to: IsoDate): IsoDate[] {
  const first = epochDay(from);
  const last = epochDay(to);
  const days: IsoDate[] = [];
  for (let day = first; day <= last; day += 1) days.push(dateFromEpochDay(day));
  return days;
}
