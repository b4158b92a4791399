import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { Claims } from './auth-context';

/**
 * The API Gateway HTTP API event and result as the handler and the request parsing read them, apart
 * from both so neither imports the other for them (no import circle).
 */
export type HttpEvent = APIGatewayProxyEventV2 & {
  requestContext: APIGatewayProxyEventV2['requestContext'] & {
    authorizer?: { jwt?: { claims?: Claims; scopes?: string[] | null } };
  };
};
export type HttpResult = APIGatewayProxyStructuredResultV2;
