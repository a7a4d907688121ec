/** Deepest nesting of objects and arrays a request body or query may have (the top-level object is 1). */
export const MAX_BODY_DEPTH = 32;

/**
 * Keys that name a member of `Object.prototype` (`constructor`, `toString`, `__proto__`, ...) and
 * `prototype`. No request field is named so; class-transformer would assign them onto the DTO instance
 * (`instance.__proto__ = ...`), so they are refused as unknown before it runs.
 */
export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

export type BodyShapeProblem = { readonly kind: 'tooDeep' } | { readonly kind: 'prototypeKey'; readonly key: string };

/**
 * Checks a parsed body before anything recursive (class-transformer, class-validator) walks it: nesting
 * no deeper than `maxDepth`, and no key named after an `Object.prototype` member at any level. Iterative
 * (an explicit stack), so a body of 5,000 levels costs one pass and no call stack; stops at the first problem.
 */
export function bodyShapeProblem(value: unknown, maxDepth = MAX_BODY_DEPTH): BodyShapeProblem | null {
  if (typeof value !== 'object' || value === null) return null;
  const stack: Array<{ v: object; depth: number }> = [{ v: value, depth: 1 }];
  while (stack.length > 0) {
    const top = stack.pop();
    if (top === undefined) break;
    if (top.depth > maxDepth) return { kind: 'tooDeep' };
    const isArray = Array.isArray(top.v);
    for (const key of Object.keys(top.v)) {
      if (!isArray && PROTOTYPE_KEYS.has(key)) return { kind: 'prototypeKey', key };
      const child = (top.v as Record<string, unknown>)[key];
      if (typeof child === 'object' && child !== null) stack.push({ v: child, depth: top.depth + 1 });
    }
  }
  return null;
}
