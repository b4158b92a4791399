import type { SignedInUser } from './api';

/** What the global setup hands every test file (through vitest's provide/inject). */
export interface StackInfo {
  webUrl: string;
  adminUrl: string;
  dynamoEndpoint: string;
  cognitoEndpoint: string;
  /** maildev's web inbox; its REST API (GET /api/email) is what the mail tests read. */
  mailUrl: string;
  smtpPort: number;
  /** The secret the stack signs mail links with (drawn for the run: the source holds none). */
  mailTokenSecret: string;
  userPoolId: string;
  webClientId: string;
  adminClientId: string;
  apiClientId: string;
  seedAdminUserId: string;
  /** The seeded admin's authenticator app key (base32): tests compute its codes (src/totp.ts). */
  seedAdminTotpSecret: string;
  seedInvestorUserId: string;
  /** The seeded admin, signed in once for the run with its authenticator code (src/seed-admin.ts). */
  seedAdminSession: SignedInUser;
  /**
   * Seconds the stack's processes keep a user's session state (functions/src/config.ts
   * SESSION_STATE_CACHE_SECONDS): an ended session's token is refused everywhere within this.
   */
  sessionStateCacheSeconds: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}
