import { AsyncResource } from 'node:async_hooks';

let installed = false;

/**
 * Node 20's `AsyncResource.prototype.bind` gives every bound function a deprecated `asyncResource`
 * getter made by `util.deprecate` and redefines its `length` (ObjectDefineProperties, DEP0172): a few
 * closures and a function in dictionary mode per call. Fastify's content-type parser binds once per
 * request with a body (`ContentTypeParser.run`), so every POST pays it; measured on the heartbeat (the
 * busiest route, docs/performance.md), it made the old generation grow by ~10 kB per request until a
 * major GC and cost ~40-60 us of GC per request, about a third of the route's CPU.
 *
 * This replaces it, once per process, with the same binding (the function runs in the resource's async
 * scope, with `thisArg` or the caller's `this`) and `asyncResource` as a plain property. What changes:
 * reading `bound.asyncResource` no longer prints the deprecation warning, and `bound.length` is 0.
 */
function leanBind(resource: AsyncResource, fn: (...a: unknown[]) => unknown, thisArg: unknown): (...a: unknown[]) => unknown {
  const bound =
    thisArg === undefined
      ? function (this: unknown, ...args: unknown[]): unknown {
          return resource.runInAsyncScope(fn, this, ...args);
        }
      : (...args: unknown[]): unknown => resource.runInAsyncScope(fn, thisArg, ...args);
  (bound as unknown as { asyncResource: AsyncResource }).asyncResource = resource;
  return bound;
}

export function installLeanAsyncBind(): void {
  if (installed) return;
  installed = true;
  const bind = function (this: AsyncResource, fn: unknown, thisArg?: unknown): unknown {
    if (typeof fn !== 'function') throw new TypeError('The "fn" argument must be of type function');
    return leanBind(this, fn as (...a: unknown[]) => unknown, thisArg);
  };
  AsyncResource.prototype.bind = bind as AsyncResource['bind'];
}
