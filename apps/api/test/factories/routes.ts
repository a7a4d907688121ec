import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import { getMetadataStorage } from 'class-validator';
import type { TestApp } from './test-app';
import { BettingService } from '../../src/lottery/betting.service';
import { HeartDto, PlayOrderDto } from '../../src/lottery/dto/lottery.dto';
import { HEART_PATH } from '../../src/lottery/heart-route';
import { HeartService } from '../../src/lottery/heart.service';
import { PLAY_ORDER_PATH } from '../../src/lottery/play-order-route';

export type Method = 'get' | 'post' | 'put' | 'delete';

export interface AppRoute {
  method: Method;
  /** Fastify's pattern, e.g. /admin-api/users/:id/freeze */
  path: string;
  /** the handler's metadata, for callers that read their own keys (e.g. the console permission) */
  handler: object;
  /** the DTO class of the body, when the handler takes one */
  bodyDto: Type | null;
  /** the DTO class of the query, when the handler declares one */
  queryDto: Type | null;
}

const METHOD_NAME: Partial<Record<RequestMethod, Method>> = {
  [RequestMethod.GET]: 'get',
  [RequestMethod.POST]: 'post',
  [RequestMethod.PUT]: 'put',
  [RequestMethod.DELETE]: 'delete',
};

/**
 * Every route of the API: those Nest registered, from the controllers' metadata (method, path, body and query
 * DTOs), and the native Fastify routes (NativePlayerRoute): the heartbeat (a HeartDto body) and the bet (a PlayOrderDto).
 */
export function appRoutes(t: TestApp): AppRoute[] {
  // The native Fastify routes (NativePlayerRoute), then every Nest controller's.
  const out: AppRoute[] = [
    { method: 'post', path: HEART_PATH, handler: HeartService.prototype.heart, bodyDto: HeartDto, queryDto: null },
    { method: 'post', path: PLAY_ORDER_PATH, handler: BettingService.prototype.place, bodyDto: PlayOrderDto, queryDto: null },
  ];
  for (const mod of t.app.get(ModulesContainer).values()) {
    for (const wrapper of mod.controllers.values()) {
      const ctrl = wrapper.metatype as Type | null;
      if (!ctrl) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, ctrl) ?? '');
      const proto = ctrl.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(proto)) {
        const handler = proto[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const rm = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (rm === undefined) continue;
        const path = `/${[base, String(Reflect.getMetadata(PATH_METADATA, handler) ?? '')]
          .flatMap((p) => p.split('/'))
          .filter((p) => p !== '')
          .join('/')}`;
        const method = METHOD_NAME[rm];
        if (!method) throw new Error(`unexpected HTTP method ${rm} on ${path}`);
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, ctrl, name) ?? {}) as Record<string, { index: number }>;
        const types = (Reflect.getMetadata('design:paramtypes', proto, name) ?? []) as Type[];
        const dtoOf = (kind: RouteParamtypes): Type | null => {
          const key = Object.keys(args).find((k) => k.startsWith(`${kind}:`));
          return key !== undefined ? (types[args[key]?.index ?? -1] ?? null) : null;
        };
        out.push({ method, path, handler, bodyDto: dtoOf(RouteParamtypes.BODY), queryDto: dtoOf(RouteParamtypes.QUERY) });
      }
    }
  }
  return out;
}

/** A DTO field as class-validator keeps it: the names of its validators, whether it may be left out, its length limit. */
export interface DtoFieldMeta {
  names: Set<string>;
  optional: boolean;
  maxLength: number | null;
}

/** The fields a DTO declares, from class-validator's metadata (the one reader the generated input tests share). */
export function dtoFieldMeta(dto: Function | null): Map<string, DtoFieldMeta> {
  const out = new Map<string, DtoFieldMeta>();
  if (!dto || dto === Object) return out;
  for (const m of getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false)) {
    const f = out.get(m.propertyName) ?? { names: new Set<string>(), optional: false, maxLength: null };
    f.names.add(m.name ?? m.type);
    if (m.type === 'conditionalValidation') f.optional = true;
    if (m.name === 'isLength') f.maxLength = Number((m.constraints as unknown[])[1]);
    out.set(m.propertyName, f);
  }
  return out;
}

export type FieldKind = 'int' | 'string' | 'bool' | 'enum' | 'raw' | 'other';

export interface DtoField {
  name: string;
  kind: FieldKind;
  optional: boolean;
}

/** The fields a DTO declares, with the kind its class-validator decorators give them. */
export function dtoFields(dto: Type | null): DtoField[] {
  return [...dtoFieldMeta(dto).entries()].map(([name, e]) => {
    const has = (n: string): boolean => e.names.has(n);
    const kind: FieldKind = has('isInt')
      ? 'int'
      : has('isBoolean')
        ? 'bool'
        : has('isIn')
          ? 'enum'
          : has('isString')
            ? 'string'
            : e.names.size === 1 && (has('whitelistValidation') || has('allowValidation'))
              ? 'raw'
              : 'other';
    return { name, kind, optional: e.optional };
  });
}
