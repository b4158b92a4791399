import { PASSWORD_POLICY } from '@app/shared/domain/entities/user';
import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { acknowledge } from '../nag';
import type { StageConfig } from '../stage-config';

export interface AuthStackProps extends StackProps {
  readonly config: StageConfig;
}

/** The group whose members may call `/api/admin/*` (checked in the Lambda from `cognito:groups`). */
export const ADMIN_GROUP = 'ADMIN';

/**
 * The Cognito user pool: email sign-in, the ADMIN group, and three app clients without secrets: one per site
 * (browsers, SRP or password flow) and one the auth Lambda signs users in with (password flow). Self sign-up
 * is off: registration goes through `POST /api/auth/register` and its confirmation by a mailed code
 * (docs/accounts.md "Sign-up"), which creates the Cognito user and the profile row only once the address is
 * proven, so sign-up answers alike whether or not an address has an account.
 */
export class AuthStack extends Stack {
  readonly userPool: cognito.UserPool;
  readonly webClient: cognito.UserPoolClient;
  readonly adminClient: cognito.UserPoolClient;
  readonly apiClient: cognito.UserPoolClient;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      userPoolName: `nugget-${config.stage}-users`,
      signInAliases: { email: true },
      autoVerify: { email: true },
      selfSignUpEnabled: false,
      standardAttributes: {
        email: { required: true, mutable: true },
        givenName: { required: false, mutable: true },
        familyName: { required: false, mutable: true },
      },
      // The same policy as the local pool (infra/local/cognito-local.ts), docs/product.md "Business rules and
      // limits", passwords. The one password policy of shared/ (the sign-up form and the local pool read it
      // too).
      passwordPolicy: { ...PASSWORD_POLICY, tempPasswordValidity: Duration.days(3) },
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      // ESSENTIALS costs the same as LITE within the free tier; threat protection needs PLUS (paid).
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      deletionProtection: config.isProduction,
      removalPolicy: config.isProduction ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    new cognito.CfnUserPoolGroup(this, 'AdminGroup', {
      userPoolId: this.userPool.userPoolId,
      groupName: ADMIN_GROUP,
      description: 'Administrators: the admin site and /api/admin/*',
      precedence: 0,
    });

    // A client may write the names only: the address moves through the API, with the password, a code
    // and a notice to the old address (docs/accounts.md "E-mail change"), never by UpdateUserAttributes
    // with an access token alone.
    const writeAttributes = new cognito.ClientAttributes().withStandardAttributes({
      givenName: true,
      familyName: true,
    });
    const browserClient = (clientId: string, name: string) =>
      this.userPool.addClient(clientId, {
        userPoolClientName: `nugget-${config.stage}-${name}`,
        generateSecret: false,
        // SRP in the cloud; the password flow because the local Cognito has no SRP and sites share code.
        authFlows: { userSrp: true, userPassword: true },
        preventUserExistenceErrors: true,
        writeAttributes,
        enableTokenRevocation: true,
        accessTokenValidity: Duration.hours(1),
        idTokenValidity: Duration.hours(1),
        refreshTokenValidity: Duration.days(30),
      });
    this.webClient = browserClient('WebClient', 'web');
    this.adminClient = browserClient('AdminClient', 'admin');
    this.apiClient = this.userPool.addClient('ApiClient', {
      userPoolClientName: `nugget-${config.stage}-api`,
      generateSecret: false,
      authFlows: { userPassword: true },
      preventUserExistenceErrors: true,
      writeAttributes,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });

    acknowledge(
      this.userPool,
      'AwsSolutions-COG2',
      'MFA is optional (TOTP offered): the spec signs investors in with email and password.',
    );
    acknowledge(
      this.userPool,
      'AwsSolutions-COG1',
      'Length 8 with upper, lower and digits, as the local pool: symbols are not required so both stacks accept the same passwords.',
    );
    acknowledge(
      this.userPool,
      'AwsSolutions-COG8',
      'The PLUS feature plan (threat protection) is paid per active user; ESSENTIALS is free and the API throttles sign-in.',
    );
  }
}
