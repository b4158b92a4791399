import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';
import type { StageConfig } from '../stage-config';

export interface StaticSiteProps {
  readonly config: StageConfig;
  /** `web` or `admin`: part of resource names. */
  readonly name: string;
  readonly logBucket: s3.IBucket;
  readonly securityHeaders: cloudfront.IResponseHeadersPolicy;
  readonly spaRouting: cloudfront.IFunction;
  /** The HTTP API's host, served under `/api/*` of this site. */
  readonly apiOrigin: cloudfront.IOrigin;
}

/**
 * One React build behind CloudFront: a private bucket read through origin access control, the SPA
 * routed by a viewer-request function, and `/api/*` passed to the HTTP API uncached so the site and
 * its API share an origin (no CORS, and the API's 4xx answers are never replaced by index.html).
 */
export class StaticSite extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;

  constructor(scope: Construct, id: string, props: StaticSiteProps) {
    super(scope, id);
    const { config } = props;

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
        functionAssociations: [
          { function: props.spaRouting, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ],
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
  deploy(assetPath: string, runtimeConfig: Record<string, unknown>): s3deploy.BucketDeployment {
    return new s3deploy.BucketDeployment(this, 'Deployment', {
      sources: [s3deploy.Source.asset(assetPath), s3deploy.Source.jsonData('config.json', runtimeConfig)],
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
