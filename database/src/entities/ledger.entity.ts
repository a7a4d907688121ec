import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { BigIntColumn } from '../columns';

/**
 * A double-entry posting: one business event, its lines sum to zero. `unique_key` makes each event
 * happen at most once (e.g. `bet:42:payout`, `capital:7:resolve`). Append-only (database triggers).
 */
@Entity('ledger_transactions')
@Index('ix_ledger_transactions_ref', ['ref_type', 'ref_id', 'kind'])
export class LedgerTransactionEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Index('uq_ledger_transactions_key', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  unique_key!: string;
  @Column({ type: 'varchar', length: 32 }) kind!: string;
  @Column({ type: 'integer', nullable: true }) user_id!: number | null;
  @Column({ type: 'varchar', length: 16, default: '' }) ref_type!: string;
  @Column({ type: 'integer', nullable: true }) ref_id!: number | null;
  @BigIntColumn() created_at!: number;
}

/**
 * One line of a posting. account: user_available | user_frozen (with user_id) or
 * house_cash | house_game | house_bonus (user_id null). amount_minor is signed.
 */
@Entity('ledger_entries')
@Index('ix_ledger_entries_tx', ['tx_id'])
@Index('ix_ledger_entries_user_account', ['user_id', 'account'])
export class LedgerEntryEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) tx_id!: number;
  @Column({ type: 'varchar', length: 16 }) account!: string;
  @Column({ type: 'integer', nullable: true }) user_id!: number | null;
  @BigIntColumn() amount_minor!: number;
  @BigIntColumn() created_at!: number;
}
