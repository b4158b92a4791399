import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, SERVICE_AREAS } from '@app/shared/api';
import { apiGatewayRouteKeyOf } from '../lib/route-keys';
import { AREA_SIZING } from '../lib/area-sizing';
import { AUTHORIZED_ACCESS } from '../lib/stacks/api-stack';
import { RATE_LIMITS, STAGE_RATE_LIMIT } from '../lib/throttling';
import { buildTestApp } from './support/build-test-app';

interface RouteResource {
  Properties: { RouteKey: string; AuthorizationType?: string; AuthorizerId?: unknown; Target: unknown };
}

describe('API stack', () => {
  let template: Template;
  let routes: RouteResource[];

  beforeAll(() => {
    const { stacks } = buildTestApp({ placeholderCode: 'true' });
    template = Template.fromStack(stacks.api);
    routes = Object.values(template.findResources('AWS::ApiGatewayV2::Route')) as RouteResource[];
  });

  it('creates exactly one route per contract entry', () => {
    expect(routes).toHaveLength(ROUTES.length);
    expect(routes.map((route) => route.Properties.RouteKey).sort()).toEqual(
      ROUTES.map((route) => apiGatewayRouteKeyOf(route)).sort(),
    );
  });

  it('puts the JWT authorizer on every user and admin route and on no other', () => {
    for (const contractRoute of ROUTES) {
      const route = routes.find(
        (candidate) => candidate.Properties.RouteKey === apiGatewayRouteKeyOf(contractRoute),
      );
      const expectsAuthorizer = AUTHORIZED_ACCESS.includes(contractRoute.access);
      expect(route?.Properties.AuthorizationType, apiGatewayRouteKeyOf(contractRoute)).toBe(
        expectsAuthorizer ? 'JWT' : 'NONE',
      );
      expect(route?.Properties.AuthorizerId !== undefined, apiGatewayRouteKeyOf(contractRoute)).toBe(
        expectsAuthorizer,
      );
    }
  });

  it('validates Cognito access tokens of the three app clients', () => {
    const authorizer = Object.values(template.findResources('AWS::ApiGatewayV2::Authorizer'));
    expect(authorizer).toHaveLength(1);
    const properties = authorizer[0]?.Properties;
    expect(properties.AuthorizerType).toBe('JWT');
    expect(properties.IdentitySource).toEqual(['$request.header.Authorization']);
    expect(properties.JwtConfiguration.Audience).toHaveLength(3);
    expect(JSON.stringify(properties.JwtConfiguration.Issuer)).toContain('https://cognito-idp.');
  });

  it('throttles the stage and every route by its rate class, and writes access logs', () => {
    const stage = Object.values(template.findResources('AWS::ApiGatewayV2::Stage'))[0]?.Properties;
    expect(stage.StageName).toBe('$default');
    expect(stage.DefaultRouteSettings).toMatchObject({
      ThrottlingRateLimit: STAGE_RATE_LIMIT.rate,
      ThrottlingBurstLimit: STAGE_RATE_LIMIT.burst,
    });
    expect(Object.keys(stage.RouteSettings)).toHaveLength(ROUTES.length);
    for (const route of ROUTES) {
      expect(stage.RouteSettings[apiGatewayRouteKeyOf(route)]).toMatchObject({
        ThrottlingRateLimit: RATE_LIMITS[route.rateClass].rate,
        ThrottlingBurstLimit: RATE_LIMITS[route.rateClass].burst,
      });
    }
    expect(stage.AccessLogSettings.DestinationArn).toBeDefined();
    expect(stage.AccessLogSettings.Format).toContain('$context.requestId');
  });

  it('has no CORS by default: both sites reach the API through their own origin', () => {
    const api = Object.values(template.findResources('AWS::ApiGatewayV2::Api'))[0]?.Properties;
    expect(api.CorsConfiguration).toBeUndefined();
  });

  it('limits CORS to the configured origins when asked', () => {
    const { stacks } = buildTestApp({
      placeholderCode: 'true',
      corsAllowedOrigins: 'https://invest.example.com,https://admin.example.com',
    });
    const api = Object.values(Template.fromStack(stacks.api).findResources('AWS::ApiGatewayV2::Api'))[0]
      ?.Properties;
    expect(api.CorsConfiguration.AllowOrigins).toEqual([
      'https://invest.example.com',
      'https://admin.example.com',
    ]);
  });

  it('runs one Node.js 22 arm64 function per area with its size and configuration', () => {
    const functions = Object.values(template.findResources('AWS::Lambda::Function'));
    expect(functions).toHaveLength(SERVICE_AREAS.length);
    for (const area of SERVICE_AREAS) {
      template.hasResourceProperties('AWS::Lambda::Function', {
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        MemorySize: AREA_SIZING[area].memorySize,
        Timeout: AREA_SIZING[area].timeoutSeconds,
      });
    }
    for (const fn of functions) {
      const variables = fn.Properties.Environment.Variables;
      expect(Object.keys(variables)).toEqual(
        expect.arrayContaining([
          'STAGE',
          'DATA_MODE',
          'USER_POOL_ID',
          'USER_POOL_CLIENT_IDS',
          'AUTH_CLIENT_ID',
          'POWERTOOLS_SERVICE_NAME',
          'POWERTOOLS_METRICS_NAMESPACE',
        ]),
      );
      expect(variables.STAGE).toBe('dev');
      expect(variables.DATA_MODE).toBe('live');
      expect(variables.POWERTOOLS_METRICS_NAMESPACE).toBe('Nugget');
    }
  });
});
