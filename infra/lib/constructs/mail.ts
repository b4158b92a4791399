import { Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';
import type { StageConfig } from '../stage-config';
import type { TableRefs } from '../stacks/data-stack';
import { AppFunction } from './app-function';

export interface MailProps {
  readonly config: StageConfig;
  readonly tables: TableRefs;
}

/**
 * The product's mail in the cloud (functions/src/platform/mail/mailer.ts sends through SES v2): the
 * sending domain's identity (DKIM; its DNS records must be published for SES to verify it), one
 * configuration set whose bounce and complaint events go to an encrypted SNS topic, the feedback
 * Lambda that writes those addresses into the suppression list the Mailer consults, and the secret
 * that signs unsubscribe links and salts the codes' hashes.
 */
export class Mail extends Construct {
  readonly configurationSet: ses.ConfigurationSet;
  readonly identity: ses.EmailIdentity;
  readonly feedbackTopic: sns.Topic;
  readonly feedbackFunction: lambda.Function;
  readonly tokenSecret: secretsmanager.Secret;
  private readonly config: StageConfig;

  constructor(scope: Construct, id: string, props: MailProps) {
    super(scope, id);
    const { config } = props;
    this.config = config;

    this.configurationSet = new ses.ConfigurationSet(this, 'ConfigurationSet', {
      configurationSetName: `nugget-${config.stage}-mail`,
      reputationMetrics: true,
      // SES's own account-level list as a second net under ours.
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    this.identity = new ses.EmailIdentity(this, 'Domain', {
      identity: ses.Identity.domain(config.mailDomain),
      configurationSet: this.configurationSet,
    });

    // SES cannot publish to a topic under the AWS-managed aws/sns key: the topic has its own key.
    const topicKey = new kms.Key(this, 'FeedbackTopicKey', {
      description: `Nugget ${config.stage}: encrypts the mail feedback topic`,
      enableKeyRotation: true,
    });
    topicKey.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'SesPublishesFeedback',
        principals: [new iam.ServicePrincipal('ses.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
      }),
    );
    this.feedbackTopic = new sns.Topic(this, 'FeedbackTopic', {
      topicName: `nugget-${config.stage}-mail-feedback`,
      masterKey: topicKey,
      enforceSSL: true,
    });
    this.configurationSet.addEventDestination('BouncesAndComplaints', {
      destination: ses.EventDestination.snsTopic(this.feedbackTopic),
      events: [ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT],
    });

    this.feedbackFunction = new AppFunction(this, 'Feedback', {
      config,
      entry: 'functions/src/jobs/mail-feedback.ts',
      description: `Nugget ${config.stage}: records SES bounces and complaints in the mail suppression list`,
      memorySize: 256,
      timeout: Duration.seconds(30),
      tables: props.tables,
      tableGrants: { users: 'readwrite' },
    }).function;
    this.feedbackTopic.addSubscription(new subscriptions.LambdaSubscription(this.feedbackFunction));

    this.tokenSecret = new secretsmanager.Secret(this, 'TokenSecret', {
      description: `Nugget ${config.stage}: signs unsubscribe links and salts e-mailed codes' hashes`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    acknowledge(
      this.tokenSecret,
      'AwsSolutions-SMG4',
      'Rotating it would void every unsubscribe link already mailed and every pending code; rotate by hand with a grace period.',
    );
  }

  /**
   * What a sender needs: SES's transport, the sender, the configuration set, the links' site, and the
   * secret when it signs links or hashes codes (the functions' config requires it off the local stage:
   * there is no default in the source).
   */
  environment(options: { signsLinks: boolean } = { signsLinks: true }): Record<string, string> {
    const { config } = this;
    return {
      MAIL_TRANSPORT: 'ses',
      MAIL_FROM: config.mailFrom,
      SES_CONFIGURATION_SET: this.configurationSet.configurationSetName,
      OPERATOR_EMAIL: config.operatorEmail,
      PUBLIC_SITE_URL: config.siteUrl,
      // A CloudFormation dynamic reference: resolved at deploy time, never written in the template.
      ...(options.signsLinks ? { MAIL_TOKEN_SECRET: this.tokenSecret.secretValue.unsafeUnwrap() } : {}),
    };
  }

  /** Lets a function send through the identity with the configuration set, and gives it the environment. */
  connectSender(fn: lambda.Function, options: { signsLinks: boolean } = { signsLinks: true }): void {
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        sid: 'SendMailThroughSes',
        actions: ['ses:SendEmail'],
        resources: [this.identity.emailIdentityArn, this.configurationSetArn()],
      }),
    );
    for (const [name, value] of Object.entries(this.environment(options))) fn.addEnvironment(name, value);
  }

  private configurationSetArn(): string {
    const stack = this.identity.stack;
    return stack.formatArn({
      service: 'ses',
      resource: 'configuration-set',
      resourceName: this.configurationSet.configurationSetName,
    });
  }
}
