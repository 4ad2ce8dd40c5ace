// The administrator area's wire contract, one file per area.
export * from './users';
export * from './credit';
export * from './send-sms';
export * from './user-products';
export * from './transactions';
export * from './analytics';
export * from './custom-sender';
export * from './dashboard';
export * from './statistics';
export * from './products';
export * from './templates';
export * from './settings';
export * from './all-messages';
export * from './scheduled';
