import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';
import type { StageConfig } from '../stage-config';

/** The page a prerendering build serves for client-side routes (web/scripts/prerender.ts). */
const APP_SHELL = 'app.html';

/** How a built site's paths map to its files (see siteRoutingCode). */
export interface SiteRouting {
  /** Paths prerendered into their folder's index.html (`/` is the root index.html). */
  readonly pages: readonly string[];
  /** The file of every other extensionless path: the client-side routes. */
  readonly shell: string;
}

/**
 * Reads the routing of a build from its layout: a folder with an index.html is a prerendered page
 * (web/scripts/prerender.ts writes `pricing/index.html`, ...), and client-side routes get the build's
 * app shell, `app.html`, when it has one, else `index.html` (a plain single-page build). The local
 * stack serves the same way (infra/local/static-site-server.ts).
 */
export function readSiteRouting(assetPath: string): SiteRouting {
  const pages = readdirSync(assetPath, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(assetPath, entry.name, 'index.html')))
    .map((entry) => `/${entry.name}`)
    .sort();
  return {
    pages: existsSync(join(assetPath, 'index.html')) ? ['/', ...pages] : pages,
    shell: existsSync(join(assetPath, APP_SHELL)) ? `/${APP_SHELL}` : '/index.html',
  };
}

/**
 * The viewer-request function of a site: a prerendered page's path (with or without its trailing
 * slash) gets its index.html, any other path without a file extension gets the shell so the React
 * router serves deep links, and files (a missing asset stays a 403/404) and the API are untouched.
 * Distribution-wide error responses would also turn the API's own 403 and 404 answers into the shell.
 */
export function siteRoutingCode({ pages, shell }: SiteRouting): string {
  return `var PAGES = ${JSON.stringify(pages)};
var SHELL = ${JSON.stringify(shell)};
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var path = uri.length > 1 && uri.charAt(uri.length - 1) === '/' ? uri.substring(0, uri.length - 1) : uri;
  if (PAGES.indexOf(path) !== -1) {
    request.uri = path === '/' ? '/index.html' : path + '/index.html';
  } else if (uri.substring(uri.lastIndexOf('/') + 1).indexOf('.') === -1) {
    request.uri = SHELL;
  }
  return request;
}`;
}

export interface StaticSiteProps {
  readonly config: StageConfig;
  /** `web` or `admin`: part of resource names. */
  readonly name: string;
  /** The built site (`web/dist`, `admin-web/dist`): uploaded by deploy() and read for its routing. */
  readonly assetPath: string;
  readonly logBucket: s3.IBucket;
  readonly securityHeaders: cloudfront.IResponseHeadersPolicy;
  /** The HTTP API's host, served under `/api/*` of this site. */
  readonly apiOrigin: cloudfront.IOrigin;
}

/**
 * One React build behind CloudFront: a private bucket read through origin access control, the pages
 * and client-side routes mapped to their files by a viewer-request function (siteRoutingCode), and
 * `/api/*` passed to the HTTP API uncached so the site and its API share an origin (no CORS, and the
 * API's 4xx answers are never replaced by the app shell).
 */
export class StaticSite extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  private readonly assetPath: string;

  constructor(scope: Construct, id: string, props: StaticSiteProps) {
    super(scope, id);
    const { config } = props;
    this.assetPath = props.assetPath;

    const routing = new cloudfront.Function(this, 'Routing', {
      comment: `Nugget ${config.stage} ${props.name}: prerendered pages and client-side routes`,
      code: cloudfront.FunctionCode.fromInline(siteRoutingCode(readSiteRouting(props.assetPath))),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });

    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: false,
      serverAccessLogsBucket: props.logBucket,
      serverAccessLogsPrefix: `s3/${props.name}/`,
      // The bucket only holds a build that `cdk deploy` uploads again.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: false,
    });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `Nugget ${config.stage} ${props.name} site`,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: `cloudfront/${props.name}/`,
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: props.securityHeaders,
        compress: true,
        functionAssociations: [{ function: routing, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: props.apiOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // Everything the viewer sent, Authorization included; Host must be the API's own.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: props.securityHeaders,
          compress: true,
        },
      },
    });

    acknowledge(
      this.distribution,
      'AwsSolutions-CFR1',
      'The product is offered worldwide; no country is excluded by the spec.',
    );
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR2',
      'AWS WAF costs at least $5 a month per web ACL; API Gateway throttling and the Lambdas validate every request.',
    );
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR4',
      'The default *.cloudfront.net certificate cannot pin TLS 1.2; a custom domain with its certificate can (see README).',
    );
  }

  /**
   * Uploads the built site and a runtime `config.json` (so one build serves every stage), then
   * invalidates the distribution. Short browser caching: CloudFront invalidation handles freshness.
   */
  deploy(runtimeConfig: Record<string, unknown>): s3deploy.BucketDeployment {
    return new s3deploy.BucketDeployment(this, 'Deployment', {
      sources: [
        s3deploy.Source.asset(this.assetPath),
        s3deploy.Source.jsonData('config.json', runtimeConfig),
      ],
      destinationBucket: this.bucket,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      cacheControl: [s3deploy.CacheControl.fromString('public, max-age=0, must-revalidate')],
      memoryLimit: 256,
      prune: true,
    });
  }
}

/** Durations used by the security headers, named for review. */
export const HSTS_MAX_AGE = Duration.days(730);
