import { Injectable } from '@nestjs/common';
import { LedgerEntryEntity, LedgerTransactionEntity, UserSessionEntity } from '@sum28/database';
import { minorToMajor } from '@sum28/domain';
import { DataSource, In } from 'typeorm';
import { readController } from '../common/crud.controller';
import type { ListParams, ListSpec } from '../list/list-query';
import { type CsvDoc, ListService, type Page } from '../list/list.service';

/** One ledger posting line of a player (read-only): the account it moved, the amount, and its transaction's kind. */
export interface LedgerEntryView {
  id: number;
  tx_id: number;
  user_id: number | null;
  account: string;
  /** signed, in the platform currency */
  amount: number;
  kind: string | null;
  ref_type: string | null;
  ref_id: number | null;
  created_at: number;
}

export const LEDGER_ENTRY_CSV_COLUMNS = [
  'id',
  'tx_id',
  'user_id',
  'account',
  'amount',
  'kind',
  'ref_type',
  'ref_id',
  'created_at',
] as const satisfies ReadonlyArray<keyof LedgerEntryView>;

export const LEDGER_ENTRIES_LIST: ListSpec = {
  resource: 'ledger-entries',
  fields: {
    id: { column: 'id', kind: 'int', sortable: true, filter: 'eq' },
    tx_id: { column: 'tx_id', kind: 'int', sortable: true, filter: 'eq' },
    user_id: { column: 'user_id', kind: 'int', sortable: true, filter: 'eq' },
    account: { column: 'account', kind: 'string', sortable: true, filter: 'eq' },
    amount: { column: 'amount_minor', kind: 'money', sortable: true },
    created_at: { column: 'created_at', kind: 'time', sortable: true, filter: 'range' },
  },
  defaultSort: ['id', 'DESC'],
};

/** A player sign-in session (never its token hash): where from, when, until when, revoked or not. */
export interface UserSessionView {
  id: number;
  user_id: number;
  ip: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export const USER_SESSION_CSV_COLUMNS = ['id', 'user_id', 'ip', 'created_at', 'expires_at', 'revoked_at'] as const satisfies ReadonlyArray<
  keyof UserSessionView
>;

export const USER_SESSIONS_LIST: ListSpec = {
  resource: 'user-sessions',
  fields: {
    id: { column: 'id', kind: 'int', sortable: true, filter: 'eq' },
    user_id: { column: 'user_id', kind: 'int', sortable: true, filter: 'eq' },
    ip: { column: 'ip', kind: 'string', filter: 'eq' },
    created_at: { column: 'created_at', kind: 'time', sortable: true, filter: 'range' },
    expires_at: { column: 'expires_at', kind: 'time', sortable: true, filter: 'range' },
  },
  defaultSort: ['id', 'DESC'],
};

function sessionView(s: UserSessionEntity): UserSessionView {
  return { id: s.id, user_id: s.user_id, ip: s.ip, created_at: s.created_at, expires_at: s.expires_at, revoked_at: s.revoked_at };
}

/** Read-only lists behind the player page's ledger and sessions tabs (customer service). */
@Injectable()
export class PlayerRecordsService {
  constructor(
    private readonly ds: DataSource,
    private readonly lists: ListService,
  ) {}

  private async ledgerViews(rows: LedgerEntryEntity[]): Promise<LedgerEntryView[]> {
    const txIds = [...new Set(rows.map((r) => r.tx_id))];
    const txs = txIds.length ? await this.ds.getRepository(LedgerTransactionEntity).find({ where: { id: In(txIds) } }) : [];
    const byId = new Map(txs.map((t) => [t.id, t]));
    return rows.map((r) => {
      const t = byId.get(r.tx_id);
      return {
        id: r.id,
        tx_id: r.tx_id,
        user_id: r.user_id,
        account: r.account,
        amount: minorToMajor(r.amount_minor),
        kind: t?.kind ?? null,
        ref_type: t === undefined || t.ref_type === '' ? null : t.ref_type,
        ref_id: t?.ref_id ?? null,
        created_at: r.created_at,
      };
    });
  }

  ledger(q: ListParams): Promise<Page<LedgerEntryView>> {
    return this.lists.page(LedgerEntryEntity, LEDGER_ENTRIES_LIST, q, (rows) => this.ledgerViews(rows));
  }

  ledgerCsv(q: ListParams): Promise<CsvDoc> {
    return this.lists.csv(LedgerEntryEntity, LEDGER_ENTRIES_LIST, q, (rows) => this.ledgerViews(rows), LEDGER_ENTRY_CSV_COLUMNS);
  }

  sessions(q: ListParams): Promise<Page<UserSessionView>> {
    return this.lists.page(UserSessionEntity, USER_SESSIONS_LIST, q, async (rows) => rows.map(sessionView));
  }

  sessionsCsv(q: ListParams): Promise<CsvDoc> {
    return this.lists.csv(UserSessionEntity, USER_SESSIONS_LIST, q, async (rows) => rows.map(sessionView), USER_SESSION_CSV_COLUMNS);
  }
}

export const LedgerEntriesController = readController({
  name: 'LedgerEntriesController',
  path: 'ledger-entries',
  read: 'users.read',
  reader: PlayerRecordsService,
  list: (p, q) => p.ledger(q),
  csv: (p, q) => p.ledgerCsv(q),
  get: null,
  docs: { list: 'Ledger posting lines, read-only (filters: id, tx_id, user_id, account, created_at_gte/lte)' },
});

export const UserSessionsController = readController({
  name: 'UserSessionsController',
  path: 'user-sessions',
  read: 'users.read',
  reader: PlayerRecordsService,
  list: (p, q) => p.sessions(q),
  csv: (p, q) => p.sessionsCsv(q),
  get: null,
  docs: { list: 'Player sign-in sessions, read-only, never a token (filters: id, user_id, ip, created_at_gte/lte, expires_at_gte/lte)' },
});
