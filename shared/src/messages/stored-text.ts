import * as z from 'zod';
import type { Language } from '../domain/enums';
import { LocalizedTextSchema } from '../domain/entities/common';
import type { MessageOf } from './param-kinds';

/**
 * A text as a stored row keeps it. New rows keep a message (code and parameters), worded for each
 * reader when read; rows written before messages existed hold a sentence in English or all three
 * languages at once, and are read as they are (the reader's language where the row has it).
 */
export const StoredMessageSchema = z.object({
  code: z.string(),
  params: z.record(z.string(), z.unknown()),
});

export const StoredTextSchema = z.union([StoredMessageSchema, LocalizedTextSchema, z.string()]);
export type StoredText = z.infer<typeof StoredTextSchema>;

/** The stored text in `language`: a message rendered, an old trilingual text picked, a sentence as is. */
export function readStoredText(
  text: StoredText,
  language: Language,
  render: (message: MessageOf) => string,
): string {
  if (typeof text === 'string') return text;
  if ('code' in text) return render(text as MessageOf);
  return text[language];
}
