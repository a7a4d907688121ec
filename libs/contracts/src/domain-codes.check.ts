/**
 * Compile-time check: every error code the domain library can return (`DOMAIN_ERROR_CODES` of
 * `@sum28/domain`) is a key of `ERROR_CODES`, so the API can always map a domain refusal to the wire.
 *
 * Written before `@sum28/domain` exported its codes: while the module does not resolve (its
 * `dist` is not built yet) or has no `DOMAIN_ERROR_CODES`, the check is vacuous. In the real build
 * (`tsc -b`, which builds libs/domain first through the project reference) it is enforced.
 * Once the domain exports `DomainErrorCode`, this file can become the strict two-liner:
 *   import type { DomainErrorCode } from '@sum28/domain';
 *   export type DomainCodesAreErrorCodes = AssertTrue<[DomainErrorCode] extends [ErrorCode] ? true : false>;
 * `domain-codes.spec.ts` checks the same at run time (Jest maps the package to its sources).
 */
import type { ErrorCode } from './error-codes';

type AssertTrue<T extends true> = T;
type IsAny<T> = 0 extends 1 & T ? true : false;
/** Element type of a list, or key type of a record. */
type CodesOf<L> = L extends readonly (infer C)[] ? C : L extends Readonly<Record<infer K, unknown>> ? K : never;

/* eslint-disable-next-line @typescript-eslint/ban-ts-comment -- see the file comment */
// @ts-ignore TS2307 until libs/domain is built
type DomainModule = typeof import('@sum28/domain');

type DomainCodes = IsAny<DomainModule> extends true ? never : DomainModule extends { DOMAIN_ERROR_CODES: infer L } ? CodesOf<L> : never;

export type DomainCodesAreErrorCodes = AssertTrue<[DomainCodes] extends [ErrorCode] ? true : false>;
