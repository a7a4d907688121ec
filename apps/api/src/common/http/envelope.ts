import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { ERROR_CODES, translate, type Envelope, type ErrorCode, type Locale, type MessageKey } from '@sum28/contracts';
import { map, type Observable } from 'rxjs';
import type { ErrorParams } from '../api-error';
import { langOf } from './lang';

/** A successful answer with a message other than the default 'OK' (e.g. 'order success'). */
export class WithMessage<T> {
  constructor(
    readonly key: MessageKey,
    readonly data: T,
  ) {}
}

export function withMessage<T>(key: MessageKey, data: T): WithMessage<T> {
  return new WithMessage(key, data);
}

export function okEnvelope<T>(lang: Locale, data: T, key: MessageKey = 'OK'): Envelope<T> {
  return { code: 1, msg: translate(lang, key), time: Math.floor(Date.now() / 1000), data };
}

export function errorEnvelope(lang: Locale, key: ErrorCode, params?: ErrorParams): Envelope<null> {
  return {
    code: ERROR_CODES[key],
    msg: translate(lang, key, params),
    time: Math.floor(Date.now() / 1000),
    data: null,
    error: key,
    ...(params ? { params } : {}),
  };
}

/** Wraps every player-API answer in the spec's envelope `{ code, msg, time, data }`. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const lang = langOf(ctx.switchToHttp().getRequest());
    return next.handle().pipe(map((out: unknown) => (out instanceof WithMessage ? okEnvelope(lang, out.data, out.key) : okEnvelope(lang, out ?? null))));
  }
}
