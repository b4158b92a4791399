import type { AnalystAnswer, AnalystIntent } from '@app/shared/domain/entities/analyst';
import type { Language } from '@app/shared/domain/enums';
import type { Message } from '@app/shared/messages/message';
import { usedFigures, type AnalystSheet } from './analyst-sheet';
import { figureLabel } from './figure-labels';
import { matchIntent } from './intents';
import { writeTemplateAnswer } from './template-writer';

/*
 * An analyst answer as the routes send it (docs/product.md "The analyst"), from whichever writer's
 * text: the intent, the figures it cited with their names in the caller's language, the sheet's
 * market date. The renderer is the caller's (platform/messages.ts rendererFor), passed in.
 */

export interface WrittenAnswer {
  text: string;
  cited_ids: string[];
  generated_by: AnalystAnswer['generated_by'];
}

export interface TemplateDraft extends WrittenAnswer {
  intent: AnalystIntent;
}

/** The question's intent and the template's answer to it, worded by `render`. */
export function draftTemplateAnswer(
  question: string,
  sheet: AnalystSheet,
  render: (message: Message) => string,
): TemplateDraft {
  const intent = matchIntent(question);
  const answer = writeTemplateAnswer(intent, sheet);
  return {
    intent,
    text: answer.sentences.map(render).join(' '),
    cited_ids: answer.cited_ids,
    generated_by: 'template',
  };
}

export function composeAnswer(
  written: WrittenAnswer,
  context: {
    intent: AnalystIntent;
    sheet: AnalystSheet;
    language: Language;
    render: (message: Message) => string;
    quota: AnalystAnswer['quota'];
  },
): AnalystAnswer {
  const { sheet, render } = context;
  return {
    text: written.text,
    intent: context.intent,
    language: context.language,
    generated_by: written.generated_by,
    as_of: sheet.market_date,
    figures: usedFigures(written.cited_ids, sheet, (id, facts) => render(figureLabel(id, facts))),
    quota: context.quota,
  };
}
