import type { SNSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { recordMailFeedback, suppressionsOf } from './mail-feedback';

const snsOf = (...messages: unknown[]): SNSEvent =>
  ({
    Records: messages.map((message) => ({
      Sns: { Message: typeof message === 'string' ? message : JSON.stringify(message) },
    })),
  }) as unknown as SNSEvent;

describe('mail feedback', () => {
  it('suppresses permanent bounces and complaints, not transient bounces', () => {
    expect(
      suppressionsOf({
        eventType: 'Bounce',
        bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: 'gone@example.test' }] },
      }),
    ).toEqual([{ address: 'gone@example.test', reason: 'BOUNCE' }]);
    expect(
      suppressionsOf({
        eventType: 'Bounce',
        bounce: { bounceType: 'Transient', bouncedRecipients: [{ emailAddress: 'full@example.test' }] },
      }),
    ).toEqual([]);
    expect(
      suppressionsOf({
        notificationType: 'Complaint',
        complaint: { complainedRecipients: [{ emailAddress: 'angry@example.test' }] },
      }),
    ).toEqual([{ address: 'angry@example.test', reason: 'COMPLAINT' }]);
  });

  it('records each address of each SNS record and skips what is not JSON', async () => {
    const stored: string[] = [];
    const count = await recordMailFeedback(
      snsOf(
        'not json',
        { eventType: 'Complaint', complaint: { complainedRecipients: [{ emailAddress: 'a@example.test' }] } },
        {
          eventType: 'Bounce',
          bounce: {
            bounceType: 'Permanent',
            bouncedRecipients: [{ emailAddress: 'b@example.test' }, { emailAddress: 'c@example.test' }],
          },
        },
      ),
      { suppress: async (address, reason) => void stored.push(`${address}:${reason}`) },
      new Date('2030-01-01T00:00:00Z'),
    );
    expect(count).toBe(3);
    expect(stored).toEqual(['a@example.test:COMPLAINT', 'b@example.test:BOUNCE', 'c@example.test:BOUNCE']);
  });
});
