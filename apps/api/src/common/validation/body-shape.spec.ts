import { bodyShapeProblem, MAX_BODY_DEPTH } from './body-shape';

function nested(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = i % 2 === 0 ? { a: v } : [v];
  return v;
}

describe('bodyShapeProblem', () => {
  it.each<[string, unknown, ReturnType<typeof bodyShapeProblem>]>([
    ['a flat body', { a: 1, b: 'x' }, null],
    ['a primitive', 'text', null],
    ['nesting at the limit', nested(MAX_BODY_DEPTH), null],
    ['nesting one over the limit', nested(MAX_BODY_DEPTH + 1), { kind: 'tooDeep' }],
    ['100,000 levels (no stack overflow)', nested(100_000), { kind: 'tooDeep' }],
    ['a constructor key', { constructor: 1 }, { kind: 'prototypeKey', key: 'constructor' }],
    ['an own __proto__ key (as JSON.parse and querystring make)', JSON.parse('{"__proto__":{"x":1}}'), { kind: 'prototypeKey', key: '__proto__' }],
    ['a nested toString key', { a: { b: [{ toString: 'x' }] } }, { kind: 'prototypeKey', key: 'toString' }],
    ['a prototype key', { prototype: {} }, { kind: 'prototypeKey', key: 'prototype' }],
    ['keys that merely contain such names', { constructor_id: 1, my_prototype: 2 }, null],
  ])('%s', (_name, body, expected) => {
    expect(bodyShapeProblem(body)).toEqual(expected);
  });
});
