/**
 * Plans are billed monthly (the catalogue's `interval: 'month'`). A period runs one calendar month in
 * UTC; a start on a day the next month lacks (31 January) ends on that month's last day (28 or 29
 * February), as card processors bill it.
 */
export function endOfBillingPeriod(start: Date): Date {
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + 1;
  const lastDayOfNextMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(start.getUTCDate(), lastDayOfNextMonth),
      start.getUTCHours(),
      start.getUTCMinutes(),
      start.getUTCSeconds(),
      start.getUTCMilliseconds(),
    ),
  );
}
