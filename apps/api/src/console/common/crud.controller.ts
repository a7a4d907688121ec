import { Body, Delete, Get, Post, Put, Query, Res, type Type } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { ObjectLiteral } from 'typeorm';
import type { StaffActor } from '../../audit/audit.types';
import { ListQueryDto } from '../list/list.dto';
import type { CsvDoc, Page } from '../list/list.service';
import { respondCsv, respondPage } from '../list/respond';
import { Actor, ConsoleController, Permit } from '../permission';
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
  class ResourceController {
    constructor(
      readonly crud: CrudService,
      readonly writer: W,
    ) {}

    @Get()
    @Permit(r.read)
    async list(@Query() q: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<V[]> {
      return respondPage(reply, await this.crud.list(r.def, q));
    }

    @Get('export.csv')
    @Permit(r.read)
    async csv(@Query() q: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
      return respondCsv(reply, await this.crud.csv(r.def, q));
    }

    @Get(':id')
    @Permit(r.read)
    get(@IdParam() id: number): Promise<V> {
      return this.crud.get(r.def, id);
    }

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
  @ConsoleController(r.path)
  class ReadOnlyController {
    constructor(readonly reader: R) {}

    @Get()
    @Permit(r.read)
    async list(@Query() q: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<V[]> {
      return respondPage(reply, await r.list(this.reader, q));
    }

    @Get('export.csv')
    @Permit(r.read)
    async csv(@Query() q: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
      return respondCsv(reply, await r.csv(this.reader, q));
    }

    @Get(':id')
    @Permit(r.read)
    get(@IdParam() id: number): Promise<V> {
      if (r.get === null) throw new Error(`${r.name} has no show route`);
      return r.get(this.reader, id);
    }
  }
  Object.defineProperty(ReadOnlyController, 'name', { value: r.name });
  Reflect.defineMetadata('design:paramtypes', [r.reader], ReadOnlyController);
  if (r.get === null) delete (ReadOnlyController.prototype as unknown as Record<string, unknown>)['get'];
  for (const [method, summary] of Object.entries(r.docs ?? {})) {
    const descriptor = Object.getOwnPropertyDescriptor(ReadOnlyController.prototype, method);
    if (descriptor && summary) ApiOperation({ summary })(ReadOnlyController.prototype, method, descriptor);
  }
  return ReadOnlyController;
}
