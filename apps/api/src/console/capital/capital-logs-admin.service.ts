import { Injectable } from '@nestjs/common';
import { CapitalApprovalEntity, CapitalLogEntity, StaffEntity, TxRunner, UserEntity } from '@sum28/database';
import { DataSource, type EntityManager, In } from 'typeorm';
import { AuditService } from '../../audit/audit.service';
import type { StaffActor } from '../../audit/audit.types';
import { ApprovalsService } from '../../wallet/approvals.service';
import type { ListParams } from '../list/list-query';
import { type CsvDoc, ListService, type Page } from '../list/list.service';
import type { Role } from '../roles';
import { type ApprovalView, CAPITAL_LOG_CSV_COLUMNS, CAPITAL_LOGS_LIST, capitalLogView, type CapitalLogView, revealsPayAccounts } from './capital-log-view';

/**
 * Recharges, withdrawals and every other fund record, with their approvals. Approving and rejecting go
 * through the wallet's ApprovalsService (maker-checker, second approver for large withdrawals, exactly
 * once); the audit row is written inside its transaction.
 */
@Injectable()
export class CapitalLogsAdminService {
  constructor(
    private readonly ds: DataSource,
    private readonly tx: TxRunner,
    private readonly lists: ListService,
    private readonly audit: AuditService,
    private readonly approvals: ApprovalsService,
  ) {}

  private async views(rows: CapitalLogEntity[], role: Role, m: EntityManager = this.ds.manager): Promise<CapitalLogView[]> {
    const ids = rows.map((c) => c.id);
    const userIds = [...new Set(rows.map((c) => c.user_id))];
    const approvals = ids.length ? await m.find(CapitalApprovalEntity, { where: { capital_log_id: In(ids) }, order: { id: 'ASC' } }) : [];
    const staffIds = [...new Set(approvals.map((a) => a.staff_id))];
    const [users, staff] = await Promise.all([
      userIds.length ? m.find(UserEntity, { where: { id: In(userIds) }, select: { id: true, username: true } }) : [],
      staffIds.length ? m.find(StaffEntity, { where: { id: In(staffIds) }, select: { id: true, username: true } }) : [],
    ]);
    const userName = new Map(users.map((u) => [u.id, u.username]));
    const staffName = new Map(staff.map((s) => [s.id, s.username]));
    const byLog = new Map<number, ApprovalView[]>();
    for (const a of approvals) {
      const list = byLog.get(a.capital_log_id) ?? [];
      list.push({ staff_id: a.staff_id, staff_username: staffName.get(a.staff_id) ?? null, decision: a.decision, created_at: a.created_at });
      byLog.set(a.capital_log_id, list);
    }
    const reveal = revealsPayAccounts(role);
    return rows.map((c) => capitalLogView(c, userName.get(c.user_id) ?? null, byLog.get(c.id) ?? [], reveal));
  }

  list(q: ListParams, role: Role): Promise<Page<CapitalLogView>> {
    return this.lists.page(CapitalLogEntity, CAPITAL_LOGS_LIST, q, (rows) => this.views(rows, role));
  }

  csv(q: ListParams, role: Role): Promise<CsvDoc> {
    return this.lists.csv(CapitalLogEntity, CAPITAL_LOGS_LIST, q, (rows) => this.views(rows, role), CAPITAL_LOG_CSV_COLUMNS);
  }

  async get(id: number, role: Role): Promise<CapitalLogView> {
    const [v] = await this.views([await this.lists.get(CapitalLogEntity, id)], role);
    return v as CapitalLogView;
  }

  async approve(actor: StaffActor, role: Role, id: number, remark: string): Promise<CapitalLogView> {
    await this.lists.get(CapitalLogEntity, id);
    await this.audit.capture(this.captureSpec(actor, role, id, 'capital_log.approve', remark), () => this.approvals.approveCapitalLog(id, actor, remark));
    return this.get(id, role);
  }

  async reject(actor: StaffActor, role: Role, id: number, remark: string): Promise<CapitalLogView> {
    await this.lists.get(CapitalLogEntity, id);
    await this.audit.capture(this.captureSpec(actor, role, id, 'capital_log.reject', remark), () => this.approvals.rejectCapitalLog(id, actor, remark));
    return this.get(id, role);
  }

  /** Snapshot: the record with its approvals and the player's balances (the wallet locks user then log, so do we). */
  private captureSpec(actor: StaffActor, role: Role, id: number, action: string, remark: string): Parameters<AuditService['capture']>[0] {
    const snap = async (m: EntityManager): Promise<unknown> => {
      const log = await m.findOneByOrFail(CapitalLogEntity, { id });
      const [view] = await this.views([log], role, m);
      const user = await m.findOne(UserEntity, { where: { id: log.user_id }, select: { id: true, money_minor: true, lock_money_minor: true } });
      return {
        capital_log: { ...view, pay_snapshot: undefined },
        balances: user ? { money_minor: user.money_minor, lock_money_minor: user.lock_money_minor } : null,
      };
    };
    return {
      actor,
      entry: { action, targetType: 'capital_log', targetId: id, reason: remark },
      before: async (m) => {
        const head = await m.findOne(CapitalLogEntity, { where: { id }, select: { id: true, user_id: true } });
        if (head) {
          await this.tx.lockRow(m, 'users', head.user_id);
          await this.tx.lockRow(m, 'capital_logs', id);
        }
        return snap(m);
      },
      after: snap,
    };
  }
}
