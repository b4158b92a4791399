import { Duration, Fn, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type { CfnBucket } from 'aws-cdk-lib/aws-s3';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { HSTS_MAX_AGE, StaticSite } from '../constructs/static-site';
import { acknowledge, BASIC_EXECUTION_ROLE_FINDING, nagEnvironment } from '../nag';
import type { StageConfig } from '../stage-config';
import { withStripeJs } from '../stripe-js-csp';

export interface SitesStackProps extends StackProps {
  readonly config: StageConfig;
  readonly httpApi: apigwv2.IHttpApi;
  readonly userPool: cognito.IUserPool;
  readonly webClient: cognito.IUserPoolClient;
  readonly adminClient: cognito.IUserPoolClient;
  /** Folder of the investor site's build (`web/dist`). */
  readonly webAssetPath: string;
  /** Folder of the admin site's build (`admin-web/dist`). */
  readonly adminAssetPath: string;
}

/** The two sites: the investor site (`web/`) and the admin site (`admin-web/`), each on its own origin. */
export class SitesStack extends Stack {
  readonly webSite: StaticSite;
  readonly adminSite: StaticSite;

  constructor(scope: Construct, id: string, props: SitesStackProps) {
    super(scope, id, props);
    const { config } = props;

    const logBucket = new s3.Bucket(this, 'AccessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logs are delivered with an ACL grant.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(config.isProduction ? 365 : 30) }],
      removalPolicy: config.isProduction ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    acknowledge(
      logBucket,
      'AwsSolutions-S1',
      'This is the access-log bucket; logging it into itself would loop.',
    );

    const apiHost = Fn.select(2, Fn.split('/', props.httpApi.apiEndpoint));
    const apiOrigin = new origins.HttpOrigin(apiHost, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      readTimeout: Duration.seconds(30),
    });

    const cognitoOrigin = `https://cognito-idp.${this.region}.amazonaws.com`;
    const directives = [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data:",
      "font-src 'self'",
      `connect-src 'self' ${props.httpApi.apiEndpoint} ${cognitoOrigin}`,
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      'upgrade-insecure-requests',
    ];
    const securityHeaders = this.securityHeadersPolicy('SecurityHeaders', config.stage, directives);
    // With the Stripe gateway the investor site's card form is Stripe.js: only that site's policy
    // allows Stripe's script, frames and API (stripe-js-csp.ts).
    const stripe = config.paymentGateway === 'stripe';
    const webSecurityHeaders = stripe
      ? this.securityHeadersPolicy('WebSecurityHeaders', config.stage, withStripeJs(directives))
      : securityHeaders;

    const siteProps = { config, logBucket, apiOrigin };
    this.adminSite = new StaticSite(this, 'AdminSite', {
      ...siteProps,
      securityHeaders,
      name: 'admin',
      assetPath: props.adminAssetPath,
    });
    this.webSite = new StaticSite(this, 'WebSite', {
      ...siteProps,
      securityHeaders: webSecurityHeaders,
      name: 'web',
      assetPath: props.webAssetPath,
    });

    const sharedConfig = {
      // Same origin: both distributions route /api/* to the HTTP API.
      apiUrl: '/api',
      region: this.region,
      userPoolId: props.userPool.userPoolId,
      dataMode: config.dataMode,
      stage: config.stage,
    };
    this.adminSite.deploy({
      ...sharedConfig,
      userPoolClientId: props.adminClient.userPoolClientId,
    });
    this.webSite.deploy({
      ...sharedConfig,
      userPoolClientId: props.webClient.userPoolClientId,
      adminSiteUrl: `https://${this.adminSite.distribution.distributionDomainName}`,
      ...(stripe ? { stripePublishableKey: config.stripePublishableKey } : {}),
    });

    this.acknowledgeDeploymentProvider();
  }

  /** HSTS, the CSP of these directives, nosniff, no framing and the referrer policy. */
  private securityHeadersPolicy(
    id: string,
    stage: string,
    directives: readonly string[],
  ): cloudfront.ResponseHeadersPolicy {
    return new cloudfront.ResponseHeadersPolicy(this, id, {
      comment: `Nugget ${stage}: HSTS, CSP, nosniff, no framing, referrer policy`,
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: HSTS_MAX_AGE,
          includeSubdomains: true,
          preload: true,
          override: true,
        },
        contentSecurityPolicy: { contentSecurityPolicy: directives.join('; '), override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
      },
    });
  }

  /** BucketDeployment's shared provider function is CDK's own; its findings are acknowledged one by one. */
  private acknowledgeDeploymentProvider(): void {
    const provider = this.node.children.find((child) =>
      child.node.id.startsWith('Custom::CDKBucketDeployment'),
    );
    if (!provider) throw new Error('BucketDeployment provider not found: CDK changed its construct id');
    const { partition, account, region } = nagEnvironment(this);
    const qualifier = String(this.node.tryGetContext('@aws-cdk/core:bootstrapQualifier') ?? 'hnb659fds');
    const bucketArnFinding = (site: StaticSite) =>
      `AwsSolutions-IAM5[Resource::<${this.getLogicalId(site.bucket.node.defaultChild as CfnBucket)}.Arn>/*]`;
    const reason =
      'CDK BucketDeployment provider: copies the build from the CDK asset bucket to the site buckets.';
    acknowledge(provider, BASIC_EXECUTION_ROLE_FINDING, `${reason} Logs only.`);
    acknowledge(provider, 'AwsSolutions-L1', `${reason} Its Python runtime is chosen by aws-cdk-lib.`);
    for (const action of ['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*']) {
      acknowledge(
        provider,
        `AwsSolutions-IAM5[Action::${action}]`,
        `${reason} Object-level actions of grantReadWrite.`,
      );
    }
    acknowledge(
      provider,
      `AwsSolutions-IAM5[Resource::arn:${partition}:s3:::cdk-${qualifier}-assets-${account}-${region}/*]`,
      `${reason} Reads the uploaded asset objects.`,
    );
    acknowledge(provider, bucketArnFinding(this.webSite), `${reason} Writes the investor site's objects.`);
    acknowledge(provider, bucketArnFinding(this.adminSite), `${reason} Writes the admin site's objects.`);
    acknowledge(
      provider,
      'AwsSolutions-IAM5[Resource::*]',
      `${reason} cloudfront:CreateInvalidation is granted on * by aws-cdk-lib.`,
    );
  }
}
