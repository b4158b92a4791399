import { REFUND_DAYS } from '../rules/pricing';
import { addUtcDays, utcCalendarDaysBetween } from './billing-calendar';

/**
 * The 30-day money-back guarantee. Day 0 is the UTC date of the charge; a request on day 30 is
 * refunded in full, on day 31 it is refused. Each charge has its own window.
 */

/** The day number of `at` counted from the charge's date (0 on the day of the charge). */
export function refundDayOf(chargedAt: Date, at: Date): number {
  return utcCalendarDaysBetween(chargedAt, at);
}

export function isWithinRefundWindow(chargedAt: Date, at: Date): boolean {
  const day = refundDayOf(chargedAt, at);
  return day >= 0 && day <= REFUND_DAYS;
}

/** The last UTC date (as the instant of day 30) on which the charge can still be refunded. */
export function refundDeadline(chargedAt: Date): Date {
  return addUtcDays(chargedAt, REFUND_DAYS);
}
