import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { AlertRuleInput } from '@app/shared/domain/entities/alert-rules';
import type { Grade } from '@app/shared/domain/enums';
import { UNLIMITED } from '@app/shared/domain/rules/usage';
import { cancellationCodes, deleteCountedItem, numberOf, queryAll, stripKeys } from './dynamo-helpers';
import { keys } from './keys';

/*
 * Custom alert rules (holdings table; infra/README.md access patterns):
 * - `USER#<id>` / `RULE#<ulid>`: one rule; a user's rules are one Query (sk begins_with RULE#).
 * - gsi1 `RULES#<symbol>` / `USER#<id>#RULE#<ulid>`: the rules on a symbol, for the price poll.
 * - `USER#<id>` / `RULES`: how many rules the user keeps (`count`). Creating a rule is ONE
 *   TransactWriteItems: the rule's Put and `count < limit`, so concurrent creations never pass the
 *   plan's cap; deleting is the rule's Delete and `count > 0` together.
 * Paused or active is not stored: it follows the owner's plan when read (a plan without custom_alerts
 * pauses every rule, a plan with it resumes them), so a change of plan rewrites nothing.
 */

export interface StoredAlertRule {
  id: string;
  user_id: string;
  symbol: string;
  kind: AlertRuleInput['kind'];
  level: number | null;
  percent: number | null;
  created_at: string;
  updated_at: string;
  last_triggered_at: string | null;
  baseline_grade: Grade | null;
}

export type RuleWriteOutcome = 'written' | 'limit_reached';

function fieldsOf(input: AlertRuleInput) {
  return {
    symbol: input.symbol,
    kind: input.kind,
    level: 'level' in input ? input.level : null,
    percent: 'percent' in input ? input.percent : null,
  };
}

const ruleIndex = (symbol: string, userId: string, ruleId: string) => ({
  gsi1pk: `RULES#${symbol}`,
  gsi1sk: `USER#${userId}#RULE#${ruleId}`,
});

function toRule(item: Record<string, unknown>): StoredAlertRule {
  return stripKeys<StoredAlertRule>(item);
}

export function createAlertRulesRepository(client: DynamoDBDocumentClient, tableName: string) {
  return {
    async list(userId: string): Promise<StoredAlertRule[]> {
      const items = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.alertRulePrefix },
        ConsistentRead: true,
      });
      return items.map(toRule);
    },

    async count(userId: string): Promise<number> {
      const { Item } = await client.send(
        new GetCommand({ TableName: tableName, Key: keys.alertRuleCount(userId), ConsistentRead: true }),
      );
      return numberOf(Item?.count);
    },

    /** Every rule on a symbol, whoever owns it (gsi1, eventually consistent: the poll reads it). */
    async listForSymbol(symbol: string): Promise<StoredAlertRule[]> {
      const items = await queryAll(client, {
        TableName: tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': `RULES#${symbol}` },
      });
      return items.map(toRule);
    },

    /** Creates the rule unless the user already keeps `limit` rules (-1: no cap). */
    async create(
      userId: string,
      ruleId: string,
      input: AlertRuleInput,
      limit: number,
      now: Date,
    ): Promise<{ outcome: RuleWriteOutcome; rule: StoredAlertRule }> {
      const rule: StoredAlertRule = {
        id: ruleId,
        user_id: userId,
        ...fieldsOf(input),
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        last_triggered_at: null,
        baseline_grade: null,
      };
      const capped = limit !== UNLIMITED;
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: {
                    ...keys.alertRule(userId, ruleId),
                    ...ruleIndex(input.symbol, userId, ruleId),
                    entity: 'alert-rule',
                    ...rule,
                  },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: keys.alertRuleCount(userId),
                  UpdateExpression: 'ADD #count :one SET updated_at = :now',
                  ...(capped
                    ? {
                        ConditionExpression:
                          limit > 0 ? 'attribute_not_exists(#count) OR #count < :limit' : '#count < :limit',
                      }
                    : {}),
                  ExpressionAttributeNames: { '#count': 'count' },
                  ExpressionAttributeValues: {
                    ':one': 1,
                    ':now': now.toISOString(),
                    ...(capped ? { ':limit': limit } : {}),
                  },
                },
              },
            ],
          }),
        );
        return { outcome: 'written', rule };
      } catch (error: unknown) {
        const [, countCode] = cancellationCodes(error);
        if (countCode === 'ConditionalCheckFailed') return { outcome: 'limit_reached', rule };
        throw error;
      }
    },

    /** Replaces a rule's kind, symbol and thresholds; null when the user has no such rule. */
    async replace(
      userId: string,
      ruleId: string,
      input: AlertRuleInput,
      now: Date,
    ): Promise<StoredAlertRule | null> {
      const fields = fieldsOf(input);
      try {
        const { Attributes } = await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.alertRule(userId, ruleId),
            UpdateExpression:
              'SET symbol = :symbol, kind = :kind, #level = :level, #percent = :percent, updated_at = :now, ' +
              'baseline_grade = :none, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk',
            ConditionExpression: 'attribute_exists(pk)',
            // LEVEL and PERCENT are DynamoDB reserved words.
            ExpressionAttributeNames: { '#level': 'level', '#percent': 'percent' },
            ExpressionAttributeValues: {
              ':symbol': fields.symbol,
              ':kind': fields.kind,
              ':level': fields.level,
              ':percent': fields.percent,
              ':now': now.toISOString(),
              ':none': null,
              ':gsi1pk': ruleIndex(fields.symbol, userId, ruleId).gsi1pk,
              ':gsi1sk': ruleIndex(fields.symbol, userId, ruleId).gsi1sk,
            },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return Attributes ? toRule(Attributes) : null;
      } catch (error: unknown) {
        if (error instanceof ConditionalCheckFailedException) return null;
        throw error;
      }
    },

    /** False when the user has no such rule (nothing changes). */
    async delete(userId: string, ruleId: string, now: Date): Promise<boolean> {
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: deleteCountedItem(
              tableName,
              keys.alertRule(userId, ruleId),
              keys.alertRuleCount(userId),
              now,
            ),
          }),
        );
        return true;
      } catch (error: unknown) {
        const [ruleCode] = cancellationCodes(error);
        if (ruleCode === 'ConditionalCheckFailed') return false;
        throw error;
      }
    },

    /** What the price poll remembers after evaluating a rule; skipped if the rule was edited meanwhile. */
    async recordEvaluation(
      rule: StoredAlertRule,
      update: { baselineGrade: Grade | null; triggeredAt: string | null },
    ): Promise<void> {
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.alertRule(rule.user_id, rule.id),
            UpdateExpression: update.triggeredAt
              ? 'SET baseline_grade = :grade, last_triggered_at = :at'
              : 'SET baseline_grade = :grade',
            ConditionExpression: 'attribute_exists(pk) AND updated_at = :seen',
            ExpressionAttributeValues: {
              ':grade': update.baselineGrade,
              ':seen': rule.updated_at,
              ...(update.triggeredAt ? { ':at': update.triggeredAt } : {}),
            },
          }),
        );
      } catch (error: unknown) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    },
  };
}

export type AlertRulesRepository = ReturnType<typeof createAlertRulesRepository>;
