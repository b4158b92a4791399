import { addCalendarMonths } from '@app/shared/domain/billing/billing-calendar';

/**
 * The one-month period of the upgrade route (`upgrade-service.ts`). A period runs one calendar month
 * in UTC; a start on a day the next month lacks (31 January) ends on that month's last day (28 or 29
 * February), as card processors bill it. The billing core (`billing/`) counts every period from the
 * subscription's anchor with the same rule (`billing-calendar.ts` in shared).
 */
export function endOfBillingPeriod(start: Date): Date {
  return addCalendarMonths(start, 1);
}
