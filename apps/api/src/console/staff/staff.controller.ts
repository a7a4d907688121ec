import { Body, Delete, Post, Put } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { StaffActor } from '../../audit/audit.types';
import type { StaffView } from '../auth/staff-view';
import { ReadRoutes } from '../common/crud.controller';
import { IdParam } from '../common/id-param';
import { Actor, ConsoleController, Permit } from '../permission';
import { StaffAdminService } from './staff-admin.service';
import { CreateStaffDto, UpdateStaffDto } from './staff.dto';

@ConsoleController('staff')
@ReadRoutes<StaffController, StaffView>({ read: 'staff.read', reader: (c) => c.staff })
export class StaffController {
  constructor(readonly staff: StaffAdminService) {}

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
