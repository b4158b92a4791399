import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from '../local/static-site-server';
import { buildTestApp } from './support/build-test-app';

type Resource = { Properties: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- raw CloudFormation JSON

/** A policy's directives by name, each with its sources in order. */
function directivesOf(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

/** Every source of a policy that names a Stripe host. */
function stripeSources(policy: Map<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(
    [...policy]
      .map(([name, sources]) => [name, sources.filter((source) => source.includes('stripe.com'))] as const)
      .filter(([, sources]) => sources.length > 0),
  );
}

/**
 * What Stripe's integration security guide ("Content Security Policy") asks for Stripe.js and the
 * Payment Element with 3-D Secure, written out here rather than read from infra/lib/stripe-js-csp.ts.
 */
const STRIPE_GUIDE = {
  'script-src': ['https://js.stripe.com', 'https://*.js.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': ['https://api.stripe.com'],
};

/** A CloudFormation string (`Fn::Join` of the API's endpoint and text) as text, tokens as `<token>`. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  const join = (value as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  return join ? join[1].map(textOf).join(join[0]) : '<token>';
}

/** The CSP of each site's default behaviour, read from the synthesised sites stack. */
function sitePolicies(context: Record<string, string>): { web: string; admin: string } {
  const template = Template.fromStack(buildTestApp({ placeholderCode: 'true', ...context }).stacks.sites);
  const policies = template.findResources('AWS::CloudFront::ResponseHeadersPolicy') as Record<
    string,
    Resource
  >;
  const distributions = Object.values(template.findResources('AWS::CloudFront::Distribution')) as Resource[];
  const policyOf = (site: 'WebSite' | 'AdminSite') => {
    const distribution = distributions.find((candidate) =>
      JSON.stringify(candidate.Properties).includes(`${site}Bucket`),
    );
    const ref = distribution?.Properties.DistributionConfig.DefaultCacheBehavior.ResponseHeadersPolicyId
      .Ref as string;
    const policy = policies[ref]?.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    return textOf(policy.ContentSecurityPolicy.ContentSecurityPolicy);
  };
  return { web: policyOf('WebSite'), admin: policyOf('AdminSite') };
}

describe('the content security policy and Stripe.js', () => {
  it('on the sandbox gateway, neither site allows anything of Stripe', () => {
    const { web, admin } = sitePolicies({});
    expect(web).not.toContain('stripe.com');
    expect(admin).not.toContain('stripe.com');
  });

  it("with paymentGateway=stripe, the investor site allows exactly Stripe.js's sources, the admin site none", () => {
    const { web, admin } = sitePolicies({ paymentGateway: 'stripe', stripePublishableKey: 'pk_test_51Abc' });
    const policy = directivesOf(web);
    expect(stripeSources(policy)).toEqual(STRIPE_GUIDE);
    // The rest stays strict: own scripts only besides Stripe's, no inline code, no framing of the site.
    expect(policy.get('script-src')).toEqual(["'self'", ...STRIPE_GUIDE['script-src']]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(web).not.toContain('unsafe-inline');
    expect(web).not.toContain('unsafe-eval');
    expect(admin).not.toContain('stripe.com');
  });

  it('refuses paymentGateway=stripe without a publishable key for the card form', () => {
    expect(() => buildTestApp({ placeholderCode: 'true', paymentGateway: 'stripe' })).toThrow(
      /stripePublishableKey/,
    );
    expect(() =>
      buildTestApp({ placeholderCode: 'true', paymentGateway: 'stripe', stripePublishableKey: 'sk_live_x' }),
    ).toThrow(/stripePublishableKey/);
  });

  it("the local stack's site headers follow the same rule", () => {
    const sandbox = securityHeaders(['http://127.0.0.1:9229'])['Content-Security-Policy'] as string;
    expect(sandbox).not.toContain('stripe.com');
    const stripe = directivesOf(
      securityHeaders(['http://127.0.0.1:9229'], { stripeJs: true })['Content-Security-Policy'] as string,
    );
    expect(stripeSources(stripe)).toEqual(STRIPE_GUIDE);
    expect(stripe.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:9229', 'https://api.stripe.com']);
  });
});
