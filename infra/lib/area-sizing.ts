import type { ServiceArea } from '@app/shared/api';

/*
 * Free of CDK on purpose: the API stack sizes each area's Lambda from it, and the bench reads it
 * without loading aws-cdk-lib.
 */

export interface AreaSizing {
  readonly memorySize: number;
  readonly timeoutSeconds: number;
}

/**
 * Memory per area. Lambda gives CPU in proportion to memory, so the areas that compute (indicators and
 * scores in market, valuations in portfolio) get more; the rest mostly wait on DynamoDB or Cognito and are
 * billed per GB-second, so they stay small. Timeouts stay under API Gateway's 30 s integration limit.
 */
export const AREA_SIZING: Readonly<Record<ServiceArea, AreaSizing>> = {
  // Measured peak per area (`npm run bench`, bench/results.md section 6: the area's bundle alone in a
  // Lambda-like process, its routes invoked 15 rounds): every area peaks far below its setting, so the
  // settings are CPU-driven; memory alone would allow 128-256 MB everywhere.
  public: { memorySize: 256, timeoutSeconds: 5 }, // peak heap 16 MB, RSS 69 MB
  auth: { memorySize: 512, timeoutSeconds: 10 }, // peak heap 22 MB, RSS 80 MB
  market: { memorySize: 1024, timeoutSeconds: 20 }, // peak heap 43 MB, RSS 149 MB (replay universe loaded)
  subscription: { memorySize: 512, timeoutSeconds: 10 }, // peak heap 23 MB, RSS 108 MB
  portfolio: { memorySize: 768, timeoutSeconds: 15 }, // peak heap 54 MB, RSS 175 MB (snapshot universe loaded)
  admin: { memorySize: 512, timeoutSeconds: 15 }, // peak heap 23 MB, RSS 89 MB
};
