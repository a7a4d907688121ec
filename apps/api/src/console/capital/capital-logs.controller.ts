import { Body, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { StaffActor } from '../../audit/audit.types';
import { IdParam } from '../common/id-param';
import { ListQueryDto } from '../list/list.dto';
import { respondCsv, respondPage } from '../list/respond';
import { Actor, ConsoleController, CurrentStaff, Permit, type StaffContext } from '../permission';
import { ApproveDto, RejectDto } from './capital.dto';
import type { CapitalLogView } from './capital-log-view';
import { CapitalLogsAdminService } from './capital-logs-admin.service';

@ConsoleController('capital-logs')
export class CapitalLogsController {
  constructor(private readonly logs: CapitalLogsAdminService) {}

  @Get()
  @Permit('capital_logs.read')
  @ApiOperation({
    summary: 'Fund records with approvals (filters: id, user_id, type, status, currency, awaiting_second, created_at_gte/lte, resolved_at_gte/lte, q)',
  })
  async list(@Query() q: ListQueryDto, @CurrentStaff() sc: StaffContext, @Res({ passthrough: true }) reply: FastifyReply): Promise<CapitalLogView[]> {
    return respondPage(reply, await this.logs.list(q, sc.staff.role));
  }

  @Get('export.csv')
  @Permit('capital_logs.read')
  async csv(@Query() q: ListQueryDto, @CurrentStaff() sc: StaffContext, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return respondCsv(reply, await this.logs.csv(q, sc.staff.role));
  }

  @Get(':id')
  @Permit('capital_logs.read')
  get(@IdParam() id: number, @CurrentStaff() sc: StaffContext): Promise<CapitalLogView> {
    return this.logs.get(id, sc.staff.role);
  }

  @Post(':id/approve')
  @HttpCode(200)
  @Permit('capital_logs.resolve')
  @ApiOperation({
    summary:
      'Approve a pending recharge, withdrawal or gift (gifts by someone other than their requester; large recharges and withdrawals need a second, different approver)',
  })
  approve(@IdParam() id: number, @Body() dto: ApproveDto, @Actor() actor: StaffActor, @CurrentStaff() sc: StaffContext): Promise<CapitalLogView> {
    return this.logs.approve(actor, sc.staff.role, id, dto.remark ?? '');
  }

  @Post(':id/reject')
  @HttpCode(200)
  @Permit('capital_logs.resolve')
  @ApiOperation({ summary: 'Reject a pending recharge, withdrawal or gift (a withdrawal hold goes back to the player)' })
  reject(@IdParam() id: number, @Body() dto: RejectDto, @Actor() actor: StaffActor, @CurrentStaff() sc: StaffContext): Promise<CapitalLogView> {
    return this.logs.reject(actor, sc.staff.role, id, dto.remark);
  }
}
