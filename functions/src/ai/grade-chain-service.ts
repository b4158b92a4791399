import type { GradeChainResponse } from '@app/shared/domain/entities/grade-chain';
import type { AiDeps } from './ai-deps';

/** The live grade chain's head for the public Track record page (docs/product.md "Track record"). */
export async function getGradeChain(
  deps: Pick<AiDeps, 'engine' | 'gradeChain'>,
): Promise<GradeChainResponse> {
  const [head, first] = deps.gradeChain
    ? await Promise.all([deps.gradeChain.getHead(), deps.gradeChain.getFirst()])
    : [null, null];
  return {
    data_mode: deps.engine.dataMode,
    head: head
      ? {
          date: head.date,
          hash: head.hash,
          formula_version: head.formula_version,
          grade_count: head.grade_count,
        }
      : null,
    first_date: first?.date ?? null,
    entries: head?.position ?? 0,
  };
}
