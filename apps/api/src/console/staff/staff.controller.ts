import { Body, Delete, Get, Post, Put, Query, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { StaffActor } from '../../audit/audit.types';
import type { StaffView } from '../auth/staff-view';
import { IdParam } from '../common/id-param';
import { ListQueryDto } from '../list/list.dto';
import { respondCsv, respondPage } from '../list/respond';
import { Actor, ConsoleController, Permit } from '../permission';
import { StaffAdminService } from './staff-admin.service';
import { CreateStaffDto, UpdateStaffDto } from './staff.dto';

@ConsoleController('staff')
export class StaffController {
  constructor(private readonly staff: StaffAdminService) {}

  @Get()
  @Permit('staff.read')
  async list(@Query() q: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<StaffView[]> {
    return respondPage(reply, await this.staff.list(q));
  }

  @Get('export.csv')
  @Permit('staff.read')
  async csv(@Query() q: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return respondCsv(reply, await this.staff.csv(q));
  }

  @Get(':id')
  @Permit('staff.read')
  get(@IdParam() id: number): Promise<StaffView> {
    return this.staff.get(id);
  }

  @Post()
  @Permit('staff.write')
  @ApiOperation({ summary: 'A staff account {username, password, role}' })
  create(@Body() dto: CreateStaffDto, @Actor() actor: StaffActor): Promise<StaffView> {
    return this.staff.create(actor, dto);
  }

  @Put(':id')
  @Permit('staff.write')
  @ApiOperation({ summary: 'Role, enabled, password, TOTP off, unlock; never leaves the platform without an enabled superadmin' })
  update(@IdParam() id: number, @Body() dto: UpdateStaffDto, @Actor() actor: StaffActor): Promise<StaffView> {
    return this.staff.update(actor, id, dto);
  }

  @Delete(':id')
  @Permit('staff.write')
  remove(@IdParam() id: number, @Actor() actor: StaffActor): Promise<StaffView> {
    return this.staff.remove(actor, id);
  }
}
