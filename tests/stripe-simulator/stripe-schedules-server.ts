import { scheduleObject, type SimSchedule, type SimSubscription } from './stripe-billing-objects';
import { formList, held, ok, type BillingHost, type Reply } from './stripe-billing-host';

/*
 * Subscription Schedules on the Stripe-format server (stripe.com/docs/api/subscription_schedules):
 * created `from_subscription` (one phase: the current period), retrieved, their phases replaced by an
 * update (a phase without `end_date` lasts one interval of its price), released. The next phase's
 * price takes over at the period end (`nextPhase`, read by the test clock).
 */

export class StripeSchedules {
  private readonly schedules = new Map<string, SimSchedule>();

  constructor(
    private readonly host: BillingHost,
    private readonly subscriptions: Map<string, SimSubscription>,
    private readonly periodEnd: (
      subscription: Pick<SimSubscription, 'anchor' | 'price'>,
      start: number,
    ) => number,
  ) {}

  /** The phase starting at the subscription's period end, which then ends the schedule (released). */
  nextPhase(subscription: SimSubscription): { price: string; start: number } | null {
    const schedule = this.schedules.get(subscription.schedule ?? '');
    const next = schedule?.phases.find((phase) => phase.start === subscription.periodEnd);
    if (!schedule || !next) return null;
    schedule.status = 'released';
    subscription.schedule = null;
    return next;
  }

  route(
    method: string,
    id: string | undefined,
    action: string | undefined,
    form: Record<string, unknown>,
    at: number,
  ): Reply {
    if (!id) {
      const subscription = this.subscriptions.get(String(form.from_subscription ?? ''));
      if (!subscription) return this.host.missing('subscription', String(form.from_subscription ?? ''));
      const schedule: SimSchedule = {
        id: this.host.nextId('sub_sched'),
        subscription: subscription.id,
        customer: subscription.customer,
        status: 'active',
        phases: [{ price: subscription.price, start: subscription.periodStart, end: subscription.periodEnd }],
        created: at,
      };
      this.schedules.set(schedule.id, schedule);
      subscription.schedule = schedule.id;
      return ok(scheduleObject(schedule));
    }
    const schedule = this.schedules.get(id);
    if (!schedule) return this.host.missing('subscription_schedule', id);
    if (method === 'GET') return ok(scheduleObject(schedule));
    const subscription = held(this.subscriptions, schedule.subscription, 'subscription');
    if (action === 'release') {
      schedule.status = 'released';
      subscription.schedule = null;
      return ok(scheduleObject(schedule));
    }
    let start = 0;
    schedule.phases = formList(form.phases).map((phase) => {
      const price = String(formList(phase.items)[0]?.price);
      const phaseStart = phase.start_date === undefined ? start : Number(phase.start_date);
      const end =
        phase.end_date === undefined
          ? this.periodEnd({ anchor: phaseStart, price }, phaseStart)
          : Number(phase.end_date);
      start = end;
      return { price, start: phaseStart, end };
    });
    return ok(scheduleObject(schedule));
  }
}
