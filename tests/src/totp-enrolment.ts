import {
  AssociateSoftwareTokenCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { inject } from 'vitest';
import { ensureUser, localCognitoClient } from '@app/infra/local/cognito-local';
import { signIn, STRONG_PASSWORD, uniqueEmail, type SignedInUser } from './api';
import { msLeftInStep, totp } from './totp';

const cognitoOfStack = () => localCognitoClient(Number(new URL(inject('stack').cognitoEndpoint).port));

/** Turns the authenticator app on for a signed-in user, as the settings page does; returns the secret. */
export async function enrolTotp(accessToken: string): Promise<string> {
  const cognito = cognitoOfStack();
  const associated = await cognito.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
  const secret = associated.SecretCode as string;
  await cognito.send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: totp(secret) }));
  await cognito.send(
    new SetUserMFAPreferenceCommand({
      AccessToken: accessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
  return secret;
}

/**
 * Waits for a fresh step when fewer than `neededMs` remain, so a test's codes all fall in one step. A
 * test's few sign-ins take well under a second; 4 s leaves room on a loaded machine and waits less
 * often (and less long) than a whole third of a step.
 */
export async function waitForRoomInStep(neededMs = 4_000): Promise<void> {
  const left = msLeftInStep();
  if (left < neededMs) await new Promise((resolve) => setTimeout(resolve, left + 200));
}

/**
 * A throwaway investor made straight in the user pool (as the seed makes its users, no mail), signed in
 * once, with the authenticator app on: its secret comes back for the test to compute codes.
 */
export async function investorWithTotp(name: string): Promise<SignedInUser & { secret: string }> {
  const { userPoolId, webClientId, adminClientId, apiClientId } = inject('stack');
  const email = uniqueEmail(name.toLowerCase());
  await ensureUser(
    cognitoOfStack(),
    { userPoolId, webClientId, adminClientId, apiClientId },
    { email, password: STRONG_PASSWORD, firstName: name, lastName: 'Investor', admin: false },
  );
  const user = await signIn(email, STRONG_PASSWORD);
  return { ...user, secret: await enrolTotp(user.token) };
}
