import { Body, Delete, Get, Param, type PipeTransform, Post, Put, Query, Res, type Type, UseInterceptors } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { ObjectLiteral } from 'typeorm';
import type { StaffActor } from '../../audit/audit.types';
import { ListQueryDto } from '../list/list.dto';
import type { CsvDoc, ListReader, Page } from '../list/list.service';
import { respondCsv, respondPage } from '../list/respond';
import { ExportAuditInterceptor } from '../list/export-audit.interceptor';
import { Actor, ConsoleController, CurrentStaff, Permit, type StaffContext } from '../permission';
import type { Permission } from '../roles';
import { type CrudDef, CrudService } from './crud.service';
import { IdParam } from './id-param';

/** What one console resource needs to get its six routes (list, export.csv, show, create, update, delete). */
export interface CrudResource<W, E extends ObjectLiteral, V extends object> {
  /** The controller's class name: OpenAPI operation ids are `<name>_<method>`. */
  name: string;
  /** `/admin-api/<path>` */
  path: string;
  read: Permission;
  write: Permission;
  def: CrudDef<E, V>;
  /** The service that validates and writes rows (creates, updates and, when `remove` is a function, deletes). */
  writer: Type<W>;
  createDto: Type;
  updateDto: Type;
  create: (w: W, actor: StaffActor, dto: never) => Promise<V>;
  update: (w: W, actor: StaffActor, id: number, dto: never) => Promise<V>;
  /** 'plain': CrudService.remove (audited); a function: the writer's own delete; null: no delete route. */
  remove: 'plain' | ((w: W, actor: StaffActor, id: number) => Promise<V>) | null;
  /** OpenAPI summaries per route. */
  docs?: Partial<Record<'list' | 'create' | 'update' | 'remove', string>>;
}

/**
 * The one console CRUD controller: a class per resource, made here, with the same routes, permissions,
 * validation (the DTO classes are the body's types for the global pipe and OpenAPI), names and operation
 * ids the hand-written controllers had. Adding a console resource is a CrudDef plus one call.
 */
export function crudController<W, E extends ObjectLiteral, V extends object>(r: CrudResource<W, E, V>): Type {
  @ConsoleController(r.path)
  @ReadRoutes<ResourceController, V>({
    read: r.read,
    list: (c, q) => c.crud.list(r.def, q),
    csv: (c, q) => c.crud.csv(r.def, q),
    get: (c, id) => c.crud.get(r.def, id),
  })
  class ResourceController {
    constructor(
      readonly crud: CrudService,
      readonly writer: W,
    ) {}

    @Post()
    @Permit(r.write)
    create(@Body() dto: object, @Actor() actor: StaffActor): Promise<V> {
      return r.create(this.writer, actor, dto as never);
    }

    @Put(':id')
    @Permit(r.write)
    update(@IdParam() id: number, @Body() dto: object, @Actor() actor: StaffActor): Promise<V> {
      return r.update(this.writer, actor, id, dto as never);
    }

    @Delete(':id')
    @Permit(r.write)
    remove(@IdParam() id: number, @Actor() actor: StaffActor): Promise<V> {
      const remove = r.remove;
      if (remove === 'plain') return this.crud.remove(r.def, actor, id);
      if (remove === null) throw new Error(`${r.name} has no delete route`);
      return remove(this.writer, actor, id);
    }
  }
  Object.defineProperty(ResourceController, 'name', { value: r.name });
  // Dependency injection and the validation pipe read these types; a class made by a generic function
  // would otherwise carry `Object` for the writer and the bodies.
  Reflect.defineMetadata('design:paramtypes', [CrudService, r.writer], ResourceController);
  Reflect.defineMetadata('design:paramtypes', [r.createDto, Object], ResourceController.prototype, 'create');
  Reflect.defineMetadata('design:paramtypes', [Number, r.updateDto, Object], ResourceController.prototype, 'update');
  const proto = ResourceController.prototype as unknown as Record<string, unknown>;
  if (r.remove === null) delete proto['remove'];
  for (const [method, summary] of Object.entries(r.docs ?? {})) {
    const descriptor = Object.getOwnPropertyDescriptor(ResourceController.prototype, method);
    if (descriptor && summary) ApiOperation({ summary })(ResourceController.prototype, method, descriptor);
  }
  return ResourceController;
}

/** A read-only console resource (list, export.csv and, unless `get` is null, show) over a reader service. */
export interface ReadResource<R, V extends object> {
  /** The controller's class name: OpenAPI operation ids are `<name>_<method>`. */
  name: string;
  /** `/admin-api/<path>` */
  path: string;
  read: Permission;
  /** The service that reads the rows (the controller's only dependency). */
  reader: Type<R>;
  list: (r: R, q: ListQueryDto) => Promise<Page<V>>;
  csv: (r: R, q: ListQueryDto) => Promise<CsvDoc>;
  /** null: no show route */
  get: ((r: R, id: number) => Promise<V>) | null;
  /** OpenAPI summaries per route. */
  docs?: Partial<Record<'list' | 'csv' | 'get', string>>;
}

/**
 * The read routes of `crudController` for a resource no console route writes (bets, ledger lines,
 * sessions): the same paths, permission, list protocol, CSV export and operation ids, answered by the
 * reader's own queries.
 */
export function readController<R, V extends object>(r: ReadResource<R, V>): Type {
  const get = r.get;
  @ConsoleController(r.path)
  @ReadRoutes<ReadOnlyController, V>({
    read: r.read,
    list: (c, q) => r.list(c.reader, q),
    csv: (c, q) => r.csv(c.reader, q),
    get: get && ((c, id) => get(c.reader, id)),
    ...(r.docs && { docs: r.docs }),
  })
  class ReadOnlyController {
    constructor(readonly reader: R) {}
  }
  Object.defineProperty(ReadOnlyController, 'name', { value: r.name });
  Reflect.defineMetadata('design:paramtypes', [r.reader], ReadOnlyController);
  return ReadOnlyController;
}

interface ReadRoutesCommon<Id extends number | string> {
  read: Permission;
  /** How `:id` is read: IdParam (a positive integer) unless a pipe is named (settings: a string key). */
  idPipe?: Type<PipeTransform<unknown, Id>>;
  /** OpenAPI summaries per route. */
  docs?: Partial<Record<'list' | 'csv' | 'get', string>>;
}

/** The read routes of a console resource: list, export.csv and (unless `get` is null) show, answered through the controller `C`. */
export type ReadRoutesDef<C, V extends object, Id extends number | string = number> = ReadRoutesCommon<Id> &
  (
    | {
        /** Each gets the controller instance and the signed-in staff member (the capital log reads depend on the role). */
        list: (c: C, q: ListQueryDto, sc: StaffContext) => Promise<Page<V>>;
        csv: (c: C, q: ListQueryDto, sc: StaffContext) => Promise<CsvDoc>;
        /** null: no show route */
        get: ((c: C, id: Id, sc: StaffContext) => Promise<V>) | null;
      }
    | {
        /** The controller's service whose list, csv and get answer the three routes. */
        reader: (c: C) => ListReader<V, Id>;
      }
  );

const READ_ROUTES = ['list', 'csv', 'get'] as const;

/**
 * Puts the read routes on a console controller class (as its own methods, ahead of its other routes):
 * the same paths, permission, list protocol (`Content-Range`), CSV export, `:id` parsing and operation ids
 * (`<Class>_list`, `_csv`, `_get`) the hand-written ones had. The class keeps its own actions; Fastify
 * matches a static segment (`export.csv`, `verify`, `schedule`) before `:id` whatever the order.
 */
export function ReadRoutes<C, V extends object, Id extends number | string = number>(def: ReadRoutesDef<C, V, Id>): ClassDecorator {
  const { reader } = def as { reader?: (c: C) => ListReader<V, Id> };
  const r = reader
    ? { ...def, list: (c: C, q: ListQueryDto) => reader(c).list(q), csv: (c: C, q: ListQueryDto) => reader(c).csv(q), get: (c: C, id: Id) => reader(c).get(id) }
    : (def as Extract<ReadRoutesDef<C, V, Id>, { list: unknown }>);
  const idParam: ParameterDecorator = r.idPipe ? Param('id', r.idPipe) : IdParam();
  class Routes {
    @Get()
    @Permit(r.read)
    async list(@Query() q: ListQueryDto, @CurrentStaff() sc: StaffContext, @Res({ passthrough: true }) reply: FastifyReply): Promise<V[]> {
      return respondPage(reply, await r.list(this as unknown as C, q, sc));
    }

    @Get('export.csv')
    @Permit(r.read)
    @UseInterceptors(ExportAuditInterceptor)
    async csv(@Query() q: ListQueryDto, @CurrentStaff() sc: StaffContext, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
      return respondCsv(reply, await r.csv(this as unknown as C, q, sc));
    }

    @Get(':id')
    @Permit(r.read)
    get(@idParam id: Id, @CurrentStaff() sc: StaffContext): Promise<V> {
      if (r.get === null) throw new Error('no show route');
      return r.get(this as unknown as C, id, sc);
    }
  }
  // the type the global pipe and OpenAPI see for `:id` (a generic parameter would say Object)
  Reflect.defineMetadata('design:paramtypes', [r.idPipe ? String : Number, Object], Routes.prototype, 'get');
  for (const [method, summary] of Object.entries(r.docs ?? {})) {
    const descriptor = Object.getOwnPropertyDescriptor(Routes.prototype, method);
    if (descriptor && summary) ApiOperation({ summary })(Routes.prototype, method, descriptor);
  }
  return (target: Function): void => {
    const proto = target.prototype as Record<string, unknown>;
    const own = Object.getOwnPropertyNames(proto)
      .filter((n) => n !== 'constructor')
      .map((n) => [n, Object.getOwnPropertyDescriptor(proto, n) as PropertyDescriptor] as const);
    for (const [n] of own) {
      if ((READ_ROUTES as readonly string[]).includes(n)) throw new Error(`${target.name}.${n}: ReadRoutes defines it`);
      delete proto[n];
    }
    for (const method of READ_ROUTES) {
      if (method === 'get' && r.get === null) continue;
      Object.defineProperty(proto, method, Object.getOwnPropertyDescriptor(Routes.prototype, method) as PropertyDescriptor);
      // route arguments are kept on the class, parameter types on the prototype (the method's own metadata travels with it)
      for (const key of Reflect.getOwnMetadataKeys(Routes, method)) Reflect.defineMetadata(key, Reflect.getOwnMetadata(key, Routes, method), target, method);
      for (const key of Reflect.getOwnMetadataKeys(Routes.prototype, method))
        Reflect.defineMetadata(key, Reflect.getOwnMetadata(key, Routes.prototype, method), proto, method);
    }
    for (const [n, d] of own) Object.defineProperty(proto, n, d);
  };
}
