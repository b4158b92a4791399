/** What the global setup hands every test file (through vitest's provide/inject). */
export interface StackInfo {
  webUrl: string;
  adminUrl: string;
  dynamoEndpoint: string;
  cognitoEndpoint: string;
  userPoolId: string;
  webClientId: string;
  adminClientId: string;
  apiClientId: string;
  seedAdminUserId: string;
  seedInvestorUserId: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}
