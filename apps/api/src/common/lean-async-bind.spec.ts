import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { installLeanAsyncBind } from './lean-async-bind';

describe('installLeanAsyncBind', () => {
  it('binds as Node does: the function runs in the resource scope, with thisArg or the caller this', () => {
    installLeanAsyncBind();
    const als = new AsyncLocalStorage<string>();
    const resource = als.run('inside', () => new AsyncResource('test'));
    const seen: unknown[] = [];
    const fn = function (this: unknown, x: number): number {
      seen.push([als.getStore(), this, x]);
      return x * 2;
    };
    const holder = { name: 'holder' };
    const withThis = (resource.bind as (f: typeof fn, thisArg: unknown) => typeof fn)(fn, holder);
    const callerThis = { name: 'caller', f: resource.bind(fn) };
    expect(als.run('outside', () => withThis(2))).toBe(4);
    expect(als.run('outside', () => callerThis.f(3))).toBe(6);
    expect(seen).toEqual([
      ['inside', holder, 2],
      ['inside', callerThis, 3],
    ]);
    expect((withThis as unknown as { asyncResource: AsyncResource }).asyncResource).toBe(resource);
    expect(AsyncResource.bind(fn)).toBeInstanceOf(Function);
  });
});
