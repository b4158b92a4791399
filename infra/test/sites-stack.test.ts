import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { readSiteRouting, siteRoutingCode } from '../lib/constructs/static-site';
import { buildTestApp } from './support/build-test-app';

type Resource = { Properties: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- raw CloudFormation JSON

/** Runs a viewer-request function's own source the way CloudFront would. */
function routerOf(functionCode: string): (uri: string) => string {
  const handler = new Function(`${functionCode}; return handler;`)() as (event: unknown) => { uri: string };
  return (uri) => handler({ request: { uri } }).uri;
}

describe('sites stack', () => {
  let template: Template;

  beforeAll(() => {
    template = Template.fromStack(buildTestApp({ placeholderCode: 'true' }).stacks.sites);
  });

  it('keeps every bucket private, encrypted and TLS-only', () => {
    const buckets = Object.values(template.findResources('AWS::S3::Bucket')) as Resource[];
    expect(buckets).toHaveLength(3);
    for (const bucket of buckets) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.Properties.BucketEncryption).toBeDefined();
      expect(bucket.Properties.WebsiteConfiguration).toBeUndefined();
    }
    const policies = Object.values(template.findResources('AWS::S3::BucketPolicy')) as Resource[];
    expect(policies).toHaveLength(3);
    for (const policy of policies) {
      const text = JSON.stringify(policy.Properties.PolicyDocument);
      expect(text).toContain('"aws:SecureTransport":"false"');
      expect(text).not.toContain('"Principal":"*","Action":"s3:GetObject"');
    }
  });

  it('logs the site buckets to the log bucket', () => {
    const buckets = Object.values(template.findResources('AWS::S3::Bucket')) as Resource[];
    expect(buckets.filter((bucket) => bucket.Properties.LoggingConfiguration)).toHaveLength(2);
  });

  it('serves each site through CloudFront with origin access control and /api/* to the API', () => {
    const distributions = Object.values(
      template.findResources('AWS::CloudFront::Distribution'),
    ) as Resource[];
    expect(distributions).toHaveLength(2);
    expect(Object.keys(template.findResources('AWS::CloudFront::OriginAccessControl'))).toHaveLength(2);
    for (const distribution of distributions) {
      const config = distribution.Properties.DistributionConfig;
      expect(config.DefaultRootObject).toBe('index.html');
      expect(config.Logging).toBeDefined();
      expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
      expect(config.DefaultCacheBehavior.FunctionAssociations).toHaveLength(1);
      // Distribution-wide error pages would hide the API's own 403 and 404 answers.
      expect(config.CustomErrorResponses).toBeUndefined();
      const api = config.CacheBehaviors.find(
        (behavior: { PathPattern: string }) => behavior.PathPattern === '/api/*',
      );
      expect(api.AllowedMethods).toHaveLength(7);
      expect(api.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // managed CachingDisabled
      expect(api.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac'); // AllViewerExceptHostHeader
      const s3Origin = config.Origins.find((origin: { S3OriginConfig?: unknown }) => origin.S3OriginConfig);
      expect(s3Origin.OriginAccessControlId).toBeDefined();
    }
  });

  it('gives each site its routing function: client-side routes to index.html, files left alone', () => {
    const functions = Object.values(template.findResources('AWS::CloudFront::Function')) as Resource[];
    expect(functions).toHaveLength(2);
    for (const fn of functions) {
      // The test builds are plain single-page sites (support/build-test-app.ts).
      const route = routerOf(fn.Properties.FunctionCode);
      expect(route('/')).toBe('/index.html');
      expect(route('/portfolio/holdings')).toBe('/index.html');
      expect(route('/assets/app-1234.js')).toBe('/assets/app-1234.js');
      expect(route('/config.json')).toBe('/config.json');
    }
  });

  it('serves prerendered pages from their folders and other client-side routes from the app shell', () => {
    // Arrange: the layout web/scripts/prerender.ts writes.
    const dist = mkdtempSync(join(tmpdir(), 'nugget-prerendered-'));
    for (const file of ['index.html', 'app.html', 'pricing/index.html', 'assets/app-1234.js']) {
      mkdirSync(join(dist, file, '..'), { recursive: true });
      writeFileSync(join(dist, file), '');
    }

    // Act
    const routing = readSiteRouting(dist);
    const route = routerOf(siteRoutingCode(routing));

    // Assert
    expect(routing).toEqual({ pages: ['/', '/pricing'], shell: '/app.html' });
    expect(route('/')).toBe('/index.html');
    expect(route('/pricing')).toBe('/pricing/index.html');
    expect(route('/pricing/')).toBe('/pricing/index.html');
    expect(route('/pricing/annual')).toBe('/app.html');
    expect(route('/dashboard')).toBe('/app.html');
    expect(route('/constructor')).toBe('/app.html');
    expect(route('/assets/app-1234.js')).toBe('/assets/app-1234.js');
    expect(route('/assets')).toBe('/app.html');
  });

  it('sends HSTS, a strict CSP, nosniff, no framing and a referrer policy', () => {
    const policy = Object.values(
      template.findResources('AWS::CloudFront::ResponseHeadersPolicy'),
    )[0] as Resource;
    const headers = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(headers.StrictTransportSecurity).toMatchObject({
      AccessControlMaxAgeSec: 63_072_000,
      IncludeSubdomains: true,
      Override: true,
    });
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.FrameOptions).toMatchObject({ FrameOption: 'DENY' });
    expect(headers.ReferrerPolicy).toMatchObject({ ReferrerPolicy: 'strict-origin-when-cross-origin' });
    const csp = JSON.stringify(headers.ContentSecurityPolicy.ContentSecurityPolicy);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('https://cognito-idp.');
    expect(csp).toContain('ApiEndpoint');
    expect(csp).not.toContain('unsafe-inline');
  });

  it('deploys both builds with a runtime config.json naming the pool, the client and the admin site', () => {
    const deployments = Object.values(template.findResources('Custom::CDKBucketDeployment')) as Resource[];
    expect(deployments).toHaveLength(2);
    for (const deployment of deployments) {
      expect(deployment.Properties.SourceObjectKeys).toHaveLength(2);
      expect(deployment.Properties.DistributionPaths).toEqual(['/*']);
      // config.json's values are filled in at deploy time from these markers.
      const markers = JSON.stringify(deployment.Properties.SourceMarkers);
      expect(markers).toContain('UserPool');
      expect(markers).toMatch(/UserPool(Web|Admin)Client/);
    }
    const web = deployments.find((deployment) =>
      JSON.stringify(deployment.Properties).includes('WebSiteBucket'),
    );
    expect(JSON.stringify(web?.Properties.SourceMarkers)).toContain('AdminSiteDistribution');
  });
});
