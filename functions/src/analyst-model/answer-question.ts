import type { AnalystAnswer } from '@app/shared/domain/entities/analyst';
import type { Language } from '@app/shared/domain/enums';
import type { AnalystSheet } from '../engine/analyst/analyst-sheet';
import { composeAnswer, draftTemplateAnswer } from '../engine/analyst/compose-answer';
import { rendererFor } from '../platform/messages';
import { checkedModelAnswer, type AnalystModelDeps } from './checked-answer';
import type { AnalystFactSheet } from './guard';

/**
 * One analyst answer (docs/product.md "The analyst"), for either route: the template's draft, the
 * model's answer in its place when the guard passes it (checked-answer.ts), composed with the
 * caller's quota. `checked` is the fact sheet the guard reads; `sheet` the same facts as the
 * templates read them.
 */
export async function answerAnalystQuestion(
  question: string,
  language: Language,
  sheets: { checked: AnalystFactSheet; sheet: AnalystSheet },
  quota: AnalystAnswer['quota'],
  deps: AnalystModelDeps,
): Promise<AnalystAnswer> {
  const render = rendererFor(language);
  const { checked, sheet } = sheets;
  const draft = draftTemplateAnswer(question, sheet, render);
  const written = (await checkedModelAnswer(question, language, checked, deps)) ?? draft;
  return composeAnswer(written, {
    intent: draft.intent,
    sheet,
    language,
    render,
    quota: { used: quota.used, limit: quota.limit, remaining: quota.remaining },
  });
}
