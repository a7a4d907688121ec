import { Body, HttpCode, Post, UseInterceptors } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { StaffActor } from '../../audit/audit.types';
import { ReadRoutes } from '../common/crud.controller';
import { IdParam } from '../common/id-param';
import { Actor, ConsoleController, CurrentStaff, Permit, type StaffContext } from '../permission';
import { ApproveDto, RejectDto } from './capital.dto';
import type { CapitalLogView } from './capital-log-view';
import { CapitalLogsAdminService } from './capital-logs-admin.service';
import { AccountRevealAuditInterceptor } from './account-reveal-audit.interceptor';

@ConsoleController('capital-logs')
@UseInterceptors(AccountRevealAuditInterceptor)
@ReadRoutes<CapitalLogsController, CapitalLogView>({
  read: 'capital_logs.read',
  list: (c, q, sc) => c.logs.list(q, sc.staff.role),
  csv: (c, q, sc) => c.logs.csv(q, sc.staff.role),
  get: (c, id, sc) => c.logs.get(id, sc.staff.role),
  docs: {
    list: 'Fund records with approvals (filters: id, user_id, type, status, currency, awaiting_second, created_at_gte/lte, resolved_at_gte/lte, q)',
  },
})
export class CapitalLogsController {
  constructor(readonly logs: CapitalLogsAdminService) {}

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
