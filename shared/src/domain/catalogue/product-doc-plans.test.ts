import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listMarketingPlans } from './marketing-plans';

/** docs/product.md, which sold a Standard plan at $29 after the pricing page had replaced it with Free (issue 46). */
const PRODUCT_DOC = readFileSync(new URL('../../../../docs/product.md', import.meta.url), 'utf8');

describe('docs/product.md sells the plans the pricing page sells', () => {
  it("names each marketing plan at the catalogue's monthly price", () => {
    const plans = listMarketingPlans();
    const sentence = plans.map((plan) => `${plan.name.en} $${plan.price}`);
    // "Free $0, Premium $79 and Platinum $199 a month", line breaks aside.
    const text = PRODUCT_DOC.replace(/\s+/g, ' ');
    expect(text).toContain(`${sentence.slice(0, -1).join(', ')} and ${sentence.at(-1)} a month`);
  });

  it('sells no plan the catalogue does not have (no Standard plan, no $29)', () => {
    expect(PRODUCT_DOC).not.toMatch(/\bstandard plan|\bstandard \$|\$29\b/i);
  });
});
