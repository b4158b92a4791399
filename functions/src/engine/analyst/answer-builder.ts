import type { Fact } from '@app/shared/domain/entities/fact-sheet';
import type { Message } from '@app/shared/messages/message';

/** An analyst answer as the templates write it: messages, and the ids of the facts they cite. */
export interface TemplateAnswer {
  sentences: Message[];
  cited_ids: string[];
}

/** Collects sentences and the facts they cite; a sentence whose facts are missing is left out. */
export class AnswerBuilder {
  readonly sentences: Message[] = [];
  readonly cited = new Set<string>();

  constructor(readonly facts: ReadonlyMap<string, Fact>) {}

  number(id: string): number | null {
    const value = this.facts.get(id)?.value;
    return typeof value === 'number' && Number.isFinite(value) ? value : null;
  }

  text(id: string): string | null {
    const value = this.facts.get(id)?.value;
    return typeof value === 'string' ? value : null;
  }

  /** Adds the sentence when every id has a value; true when it was added. */
  add(ids: readonly string[], build: () => Message): boolean {
    if (ids.some((id) => this.facts.get(id)?.value === null || !this.facts.has(id))) return false;
    ids.forEach((id) => this.cited.add(id));
    this.sentences.push(build());
    return true;
  }

  say(sentence: Message): void {
    this.sentences.push(sentence);
  }

  answer(): TemplateAnswer {
    return { sentences: this.sentences, cited_ids: [...this.cited] };
  }
}

export function num(builder: AnswerBuilder, id: string): number {
  return builder.number(id) ?? 0;
}
