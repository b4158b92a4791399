import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { ROUTES, SERVICE_AREAS, routeKeyOf, type Access, type ServiceArea } from '@app/shared/api';
import { AREA_SIZING } from '../area-sizing';
import { AppFunction, type ReplayDataNeed } from '../constructs/app-function';
import { apiGatewayPathOf, apiGatewayRouteKeyOf } from '../route-keys';
import { acknowledge } from '../nag';
import type { StageConfig } from '../stage-config';
import type { Mail } from '../constructs/mail';
import type { StripeSecrets } from '../constructs/stripe-secrets';
import type { MailQueue } from '../constructs/mail-queue';
import { ADMIN_COGNITO_ACTIONS, AREA_TABLE_GRANTS, AUTH_COGNITO_ACTIONS } from '../table-access';
import { RATE_LIMITS, STAGE_RATE_LIMIT } from '../throttling';
import type { TableRefs } from './data-stack';

export interface ApiStackProps extends StackProps {
  readonly config: StageConfig;
  readonly tables: TableRefs;
  readonly userPool: cognito.IUserPool;
  /** Clients whose access tokens the API accepts: both sites and the auth Lambda's own client. */
  readonly webClient: cognito.IUserPoolClient;
  readonly adminClient: cognito.IUserPoolClient;
  readonly apiClient: cognito.IUserPoolClient;
  /**
   * The ingestion pipeline's priority queue (jobs stack): the portfolio area sends the on-demand
   * backfill of a symbol a person asks for (live stages), so it does not wait for the planner.
   */
  readonly onDemandQueue?: sqs.IQueue;
  /** SES sending for the areas that mail (jobs-stack's Mail construct). */
  readonly mail?: Mail;
  /** The mail queue the auth area puts reset and sign-up mails on (jobs-stack's MailQueue construct). */
  readonly mailQueue?: MailQueue;
  /** The payment gateway's choice and Stripe's secrets (jobs-stack's StripeSecrets construct). */
  readonly stripe?: StripeSecrets;
}

/**
 * The areas that read the historical data sets: market prices and grades from the replay series (in a
 * replay stage; a live stage still grades with the shipped annual reports where they apply), portfolio
 * also searches the screener snapshot in every stage.
 */
export const AREA_REPLAY_DATA: Readonly<Partial<Record<ServiceArea, ReplayDataNeed>>> = {
  market: 'series',
  portfolio: 'series-and-snapshot',
};

/**
 * The log groups that keep the logical id of an area's former name: the market area was the ai area
 * (`AiArea`), and its log group is retained in production with the logs it holds, so renaming the
 * construct must not replace it (infra/test/stateful-resources.test.ts, docs/testing.md "Stateful
 * resources keep their ids"). The Lambda itself is replaced under its new name; it holds no state.
 */
const LOG_GROUP_IDS_KEPT: Readonly<Partial<Record<ServiceArea, string>>> = {
  market: 'AiAreaLogs3B7AB662',
};

/** Access levels API Gateway checks with the JWT authorizer. Admin group membership is checked in the Lambda. */
export const AUTHORIZED_ACCESS: readonly Access[] = ['user', 'admin'];

/**
 * The HTTP API: one Lambda per service area and one route per contract entry. `user` and `admin` routes
 * carry the Cognito JWT authorizer; `public` and `optional-user` routes carry none, because an HTTP API
 * JWT authorizer rejects requests without a token, and optional-user routes must serve the demo visitor:
 * their Lambda verifies a token when one is sent (an invalid one is a 401).
 */
export class ApiStack extends Stack {
  readonly httpApi: apigwv2.HttpApi;
  readonly stage: apigwv2.HttpStage;
  readonly functions: Readonly<Record<ServiceArea, lambda.IFunction>>;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config, userPool } = props;
    const clientIds = [props.webClient, props.adminClient, props.apiClient].map(
      (client) => client.userPoolClientId,
    );

    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', {
      apiName: `nugget-${config.stage}-api`,
      description: `Nugget Invest API (${config.stage}); routes from shared/src/api.`,
      createDefaultStage: false,
      ...(config.corsAllowedOrigins.length > 0
        ? {
            corsPreflight: {
              allowOrigins: [...config.corsAllowedOrigins],
              allowMethods: [apigwv2.CorsHttpMethod.ANY],
              allowHeaders: ['authorization', 'content-type', 'idempotency-key'],
              maxAge: Duration.hours(1),
            },
          }
        : {}),
    });

    const authorizer = new HttpJwtAuthorizer(
      'CognitoAuthorizer',
      `https://cognito-idp.${this.region}.${this.urlSuffix}/${userPool.userPoolId}`,
      {
        authorizerName: 'cognito-access-token',
        jwtAudience: clientIds,
      },
    );

    const functions = {} as Record<ServiceArea, lambda.IFunction>;
    const integrations = {} as Record<ServiceArea, HttpLambdaIntegration>;
    for (const area of SERVICE_AREAS) {
      const sizing = AREA_SIZING[area];
      const appFunction = new AppFunction(this, `${area.charAt(0).toUpperCase()}${area.slice(1)}Area`, {
        config,
        entry: `functions/src/${area}/handler.ts`,
        description: `Nugget ${config.stage}: the ${area} area of the API`,
        memorySize: sizing.memorySize,
        timeout: Duration.seconds(sizing.timeoutSeconds),
        tables: props.tables,
        tableGrants: AREA_TABLE_GRANTS[area],
        ...(AREA_REPLAY_DATA[area] ? { replayData: AREA_REPLAY_DATA[area] } : {}),
        // The catalyst routes score news (sentiment lexicon, offline headlines).
        newsData: area === 'market',
        environment: {
          USER_POOL_ID: userPool.userPoolId,
          USER_POOL_CLIENT_IDS: clientIds.join(','),
          AUTH_CLIENT_ID: props.apiClient.userPoolClientId,
          ALLOWED_ORIGINS: config.corsAllowedOrigins.join(','),
          COST_RECORDS: 'off',
          // GET /api/admin/costs reads the EMF metrics in the cloud.
          COST_SOURCE: 'cloudwatch',
        },
      });
      const keptLogGroupId = LOG_GROUP_IDS_KEPT[area];
      if (keptLogGroupId) {
        (appFunction.node.findChild('Logs').node.defaultChild as logs.CfnLogGroup).overrideLogicalId(
          keptLogGroupId,
        );
      }
      functions[area] = appFunction.function;
      integrations[area] = new HttpLambdaIntegration(`${area}-integration`, appFunction.function, {
        payloadFormatVersion: apigwv2.PayloadFormatVersion.VERSION_2_0,
        // One permission per function for this API instead of one per route (47): the resource policy
        // stays far below Lambda's 20 KB limit, and the handler rejects route keys outside its area.
        scopePermissionToRoute: false,
      });
    }
    this.functions = functions;

    if (props.onDemandQueue) {
      props.onDemandQueue.grantSendMessages(functions.portfolio);
      (functions.portfolio as lambda.Function).addEnvironment(
        'INGESTION_PRIORITY_QUEUE_URL',
        props.onDemandQueue.queueUrl,
      );
    }

    // The areas that mail: e-mail change codes (auth), the contact form's copy (public).
    if (props.mail) {
      props.mail.connectSender(functions.auth as lambda.Function);
      props.mail.connectSender(functions.public as lambda.Function);
    }
    // The subscription area charges cards and checks Stripe's webhook signatures.
    props.stripe?.connect(functions.subscription as lambda.Function);
    // Reset and sign-up mails go through the mail queue, never SES inside the request; so do the
    // receipts of charges and refunds (subscription).
    props.mailQueue?.connectProducer(functions.auth as lambda.Function);
    props.mailQueue?.connectProducer(functions.subscription as lambda.Function);

    functions.auth.addToRolePolicy(
      new iam.PolicyStatement({
        sid: 'ManageUsersOfThePool',
        actions: [...AUTH_COGNITO_ACTIONS],
        resources: [userPool.userPoolArn],
      }),
    );
    functions.admin.addToRolePolicy(
      new iam.PolicyStatement({
        sid: 'ReadAdminsSecondFactor',
        actions: [...ADMIN_COGNITO_ACTIONS],
        resources: [userPool.userPoolArn],
      }),
    );
    functions.admin.addToRolePolicy(
      new iam.PolicyStatement({
        sid: 'ReadCostAndHealthMetrics',
        actions: ['cloudwatch:GetMetricData'],
        resources: ['*'],
      }),
    );
    acknowledge(
      functions.admin,
      'AwsSolutions-IAM5[Resource::*]',
      'cloudwatch:GetMetricData supports no resource-level permissions; it only reads metrics (GET /api/admin/costs).',
    );

    const routes: apigwv2.HttpRoute[] = [];
    for (const route of ROUTES) {
      const needsToken = AUTHORIZED_ACCESS.includes(route.access);
      const httpRoute = new apigwv2.HttpRoute(this, `Route-${route.id}`, {
        httpApi: this.httpApi,
        routeKey: apigwv2.HttpRouteKey.with(apiGatewayPathOf(route.path), apigwv2.HttpMethod[route.method]),
        integration: integrations[route.area],
        ...(needsToken ? { authorizer } : {}),
      });
      if (!needsToken) {
        acknowledge(
          httpRoute,
          'AwsSolutions-APIG4',
          `${routeKeyOf(route)} is ${route.access} by the contract; optional-user routes verify a sent token in the Lambda.`,
        );
      }
      routes.push(httpRoute);
    }

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: config.isProduction ? logs.RetentionDays.THREE_MONTHS : logs.RetentionDays.TWO_WEEKS,
      removalPolicy: config.isProduction ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    this.stage = new apigwv2.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: STAGE_RATE_LIMIT.rate, burstLimit: STAGE_RATE_LIMIT.burst },
      // Per-route metrics feed the dashboard's per-route panels.
      detailedMetricsEnabled: true,
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        format: apigateway.AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            responseLatency: '$context.responseLatency',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            userId: '$context.authorizer.claims.sub',
          }),
        ),
      },
    });

    // Per-route limits by the contract's rate class. RouteSettings name routes by key, so the stage
    // must be created after them.
    const cfnStage = this.stage.node.defaultChild as apigwv2.CfnStage;
    cfnStage.routeSettings = Object.fromEntries(
      ROUTES.map((route) => [
        apiGatewayRouteKeyOf(route),
        {
          ThrottlingRateLimit: RATE_LIMITS[route.rateClass].rate,
          ThrottlingBurstLimit: RATE_LIMITS[route.rateClass].burst,
          DetailedMetricsEnabled: true,
        },
      ]),
    );
    for (const route of routes) cfnStage.node.addDependency(route);
  }
}
