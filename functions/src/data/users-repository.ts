import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { UserSchema, type User } from '@app/shared/domain/entities/user';
import type { Language, Role, Theme } from '@app/shared/domain/enums';
import type { SessionState } from '../platform/session-check';
import { keys } from './keys';

export interface StoredUser extends User {
  subscription_started_at: string | null;
  subscription_expires_at: string | null;
}

export interface ProfilePatch {
  first_name?: string;
  last_name?: string;
  language?: Language;
  theme?: Theme;
}

function toStoredUser(item: Record<string, unknown>): StoredUser {
  const user = UserSchema.parse(item);
  return {
    ...user,
    subscription_started_at:
      typeof item.subscription_started_at === 'string' ? item.subscription_started_at : null,
    subscription_expires_at:
      typeof item.subscription_expires_at === 'string' ? item.subscription_expires_at : null,
  };
}

export class UserAlreadyExistsError extends Error {}

/** User profiles in the users table. */
export function createUsersRepository(client: DynamoDBDocumentClient, tableName: string) {
  return {
    async get(userId: string): Promise<StoredUser | null> {
      const { Item } = await client.send(
        new GetCommand({ TableName: tableName, Key: keys.userProfile(userId), ConsistentRead: true }),
      );
      return Item ? toStoredUser(Item) : null;
    },

    async findByEmail(email: string): Promise<StoredUser | null> {
      const index = keys.userEmail(email);
      const { Items } = await client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
          ExpressionAttributeValues: { ':pk': index.gsi1pk, ':sk': index.gsi1sk },
          Limit: 1,
        }),
      );
      const item = Items?.[0];
      return item ? toStoredUser(item) : null;
    },

    /** Creates the profile once; a second create for the same id fails (no overwrite). */
    async create(user: User): Promise<StoredUser> {
      const item = {
        ...keys.userProfile(user.id),
        ...keys.userEmail(user.email),
        entity: 'user',
        ...user,
        subscription_started_at: null,
        subscription_expires_at: null,
      };
      try {
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: item,
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
      } catch (error: unknown) {
        if (error instanceof ConditionalCheckFailedException) throw new UserAlreadyExistsError(user.id);
        throw error;
      }
      return toStoredUser(item);
    },

    async updateProfile(userId: string, patch: ProfilePatch): Promise<StoredUser | null> {
      const entries = Object.entries(patch).filter(([, value]) => value !== undefined);
      if (entries.length === 0) return this.get(userId);
      const names = Object.fromEntries(entries.map(([name], index) => [`#f${index}`, name]));
      const values = Object.fromEntries(entries.map(([, value], index) => [`:v${index}`, value]));
      try {
        const { Attributes } = await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.userProfile(userId),
            UpdateExpression: `SET ${entries.map((_entry, index) => `#f${index} = :v${index}`).join(', ')}`,
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
            ReturnValues: 'ALL_NEW',
          }),
        );
        return Attributes ? toStoredUser(Attributes) : null;
      } catch (error: unknown) {
        if (error instanceof ConditionalCheckFailedException) return null;
        throw error;
      }
    },

    /** The verified new address: the profile and the by-email index follow it. */
    async updateEmail(userId: string, email: string): Promise<StoredUser | null> {
      const index = keys.userEmail(email);
      try {
        const { Attributes } = await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.userProfile(userId),
            UpdateExpression: 'SET email = :email, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':email': email, ':gsi1pk': index.gsi1pk, ':gsi1sk': index.gsi1sk },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return Attributes ? toStoredUser(Attributes) : null;
      } catch (error: unknown) {
        if (error instanceof ConditionalCheckFailedException) return null;
        throw error;
      }
    },
    /**
     * Ends the user's sessions: tokens whose session began at or before this second are refused on every
     * route (platform/session-check.ts). Stored on the profile as epoch seconds.
     */
    async revokeTokensIssuedBefore(userId: string, at: Date): Promise<number> {
      const seconds = Math.floor(at.getTime() / 1000);
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.userProfile(userId),
            UpdateExpression: 'SET tokens_revoked_at = :seconds',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':seconds': seconds },
          }),
        );
      } catch (error: unknown) {
        // No profile: the account is gone, and so are its sessions (platform/session-check.ts).
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
      return seconds;
    },

    /**
     * Whether the account exists (its profile, which deletion erases) and the second up to which its
     * sessions are ended (null: never). Consistent, so the process that ended them reads it back at once.
     */
    async sessionState(userId: string): Promise<SessionState> {
      const { Item } = await client.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.userProfile(userId),
          ProjectionExpression: 'pk, tokens_revoked_at',
          ConsistentRead: true,
        }),
      );
      if (!Item) return { exists: false };
      return {
        exists: true,
        revokedAt: typeof Item.tokens_revoked_at === 'number' ? Item.tokens_revoked_at : null,
      };
    },

    /** Keeps the stored role in step with the Cognito group (the group is the truth). */
    async setRole(userId: string, role: Role): Promise<void> {
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.userProfile(userId),
          UpdateExpression: 'SET #role = :role',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#role': 'role' },
          ExpressionAttributeValues: { ':role': role },
        }),
      );
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
