import { Column, type ColumnOptions, type ValueTransformer } from 'typeorm';

/**
 * Integers that may exceed 2^31 (money in minor units, epoch milliseconds) are stored as 64-bit
 * integers. PostgreSQL's driver hands `bigint` back as a string (typeorm#2937): this transformer is the
 * one boundary where it becomes a JS number again, and it refuses anything that is not a safe integer.
 */
export const safeIntegerTransformer: ValueTransformer = {
  to: (value: unknown) => value,
  from: (value: unknown): number | null => {
    if (value === null || value === undefined) return null;
    const n = typeof value === 'string' ? Number(value) : (value as number);
    if (typeof n !== 'number' || !Number.isSafeInteger(n)) {
      throw new Error(`Stored integer out of safe range: ${String(value)}`);
    }
    return n;
  },
};

/** A 64-bit integer column mapped to a safe JS number (money in minor units, epoch ms). */
export function BigIntColumn(options: Omit<ColumnOptions, 'type' | 'transformer'> = {}): PropertyDecorator {
  return Column({ type: 'bigint', transformer: safeIntegerTransformer, ...options });
}

/** JSON kept as text so SQLite and PostgreSQL store it alike. */
export const jsonTextTransformer: ValueTransformer = {
  to: (value: unknown) => (value === undefined ? undefined : value === null ? null : JSON.stringify(value)),
  from: (value: unknown) => (typeof value === 'string' ? (JSON.parse(value) as unknown) : (value ?? null)),
};

export function JsonTextColumn(options: Omit<ColumnOptions, 'type' | 'transformer'> = {}): PropertyDecorator {
  return Column({ type: 'text', transformer: jsonTextTransformer, nullable: true, ...options });
}
