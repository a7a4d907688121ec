import { Get } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { AuditLogEntity } from '@sum28/database';
import { AuditService, type ChainReport } from '../../audit/audit.service';
import { ReadRoutes } from '../common/crud.controller';
import type { ListSpec } from '../list/list-query';
import { ListService } from '../list/list.service';
import { ConsoleController, Permit } from '../permission';

export type AuditLogView = AuditLogEntity;

export const AUDIT_LOGS_LIST: ListSpec = {
  resource: 'audit-logs',
  fields: {
    id: { column: 'id', kind: 'int', sortable: true, filter: 'eq' },
    staff_id: { column: 'staff_id', kind: 'int', sortable: true, filter: 'eq' },
    staff_username: { column: 'staff_username', kind: 'string', sortable: true, filter: 'eq' },
    staff_role: { column: 'staff_role', kind: 'string', filter: 'eq' },
    action: { column: 'action', kind: 'string', sortable: true, filter: 'eq' },
    target_type: { column: 'target_type', kind: 'string', sortable: true, filter: 'eq' },
    target_id: { column: 'target_id', kind: 'string', filter: 'eq' },
    created_at: { column: 'created_at', kind: 'time', sortable: true, filter: 'range' },
  },
  search: ['action', 'target_type', 'target_id', 'reason', 'staff_username'],
  defaultSort: ['id', 'DESC'],
};

const AUDIT_CSV = [
  'id',
  'created_at',
  'staff_id',
  'staff_username',
  'staff_role',
  'action',
  'target_type',
  'target_id',
  'reason',
  'ip',
  'before',
  'after',
  'prev_hash',
  'hash',
] as const;

const view = (rows: AuditLogEntity[]): AuditLogView[] => rows;

/** The audit log, read-only (list, show, export, chain check): no route edits or deletes a row. */
@ConsoleController('audit-logs')
@ReadRoutes<AuditLogsController, AuditLogView>({
  read: 'audit_logs.read',
  list: (c, q) => c.lists.page(AuditLogEntity, AUDIT_LOGS_LIST, q, view),
  csv: (c, q) => c.lists.csv(AuditLogEntity, AUDIT_LOGS_LIST, q, view, AUDIT_CSV),
  get: (c, id) => c.lists.get(AuditLogEntity, id),
  docs: { list: 'Audit rows (filters: id, staff_id, staff_username, staff_role, action, target_type, target_id, created_at_gte/lte, q)' },
})
export class AuditLogsController {
  constructor(
    readonly lists: ListService,
    private readonly audit: AuditService,
  ) {}

  @Get('verify')
  @Permit('audit_logs.read')
  @ApiOperation({ summary: 'Walks the hash chain: "chain intact (N rows)" or the first row where it breaks' })
  verify(): Promise<ChainReport> {
    return this.audit.verify();
  }
}
