/** Modules computed when the site is built (scripts/build-time-modules.ts). */
declare module 'virtual:marketing-plans' {
  import type { MarketingPlan } from '@app/shared/domain/catalogue/marketing-plans';

  const plans: readonly MarketingPlan[];
  export default plans;
}
