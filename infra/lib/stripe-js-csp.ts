/**
 * What Stripe.js needs of a content security policy (Stripe's integration security guide, "Content
 * Security Policy"): its script from js.stripe.com, its frames (the Payment Element's fields and the
 * 3-D Secure challenge, served from js.stripe.com and hooks.stripe.com), and its calls to
 * api.stripe.com. Only the investor site of a deployment on the Stripe gateway gets them
 * (README "Taking real payments with Stripe"); the sandbox and the admin site keep the strict policy.
 */
export const STRIPE_JS_SOURCES: Readonly<Record<string, readonly string[]>> = {
  'script-src': ['https://js.stripe.com', 'https://*.js.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': ['https://api.stripe.com'],
};

/**
 * A policy's directives (`"script-src 'self'"`, ...) with Stripe.js's sources added: appended to the
 * directive that exists, or as a new directive (frame-src, which default-src 'self' governed before).
 */
export function withStripeJs(directives: readonly string[]): string[] {
  const result = [...directives];
  for (const [name, sources] of Object.entries(STRIPE_JS_SOURCES)) {
    const index = result.findIndex((directive) => directive.split(' ')[0] === name);
    if (index === -1) result.push(`${name} ${sources.join(' ')}`);
    else result[index] = `${result[index]} ${sources.join(' ')}`;
  }
  return result;
}
