// Every table, one file per group. drizzle-kit reads this to generate migrations.
export * from './users';
export * from './ledger';
export * from './simulator';
export * from './catalogue';
export * from './phonebooks';
export * from './payments';
export * from './messages';
export * from './api';
export * from './rate-limits';
export * from './admin';
export * from './counts';
export * from './smpp';
