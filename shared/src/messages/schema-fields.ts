import type * as z from 'zod';

/**
 * The names of every object key a schema accepts, nested objects and arrays included: the fields a
 * validation message may name. `messages.test.ts` checks each request field of the contract has a
 * label in the reader's language (`terms.fields`).
 */
export function fieldNamesOf(schema: z.ZodType, into = new Set<string>()): Set<string> {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const visit = (inner: unknown) => {
    if (inner) fieldNamesOf(inner as z.ZodType, into);
  };
  switch (def.type) {
    case 'object':
      for (const [name, inner] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        into.add(name);
        visit(inner);
      }
      break;
    case 'pipe':
      visit(def.in);
      visit(def.out);
      break;
    case 'array':
      visit(def.element);
      break;
    case 'union':
      for (const option of def.options as z.ZodType[]) visit(option);
      break;
    case 'intersection':
      visit(def.left);
      visit(def.right);
      break;
    case 'record':
      visit(def.valueType);
      break;
    case 'lazy':
      visit((def.getter as () => z.ZodType)());
      break;
    default:
      visit(def.innerType);
  }
  return into;
}
