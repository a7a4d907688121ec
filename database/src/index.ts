export * from './columns';
export * from './data-source';
export * from './entities';
export * from './tx';
export * from './positional';
export * from './ledger-accounts';
export * from './seeds/seed';
export * from './seeds/demo-content';
