// The roots of every query key, one per kind of server data. Each endpoint's file
// (features/<area>/api/<endpoint>.ts) exports a key factory that builds under one root; a change
// that touches another area's data invalidates that root (a send changes `session` for the
// balance, `messages` and `ledger`), so no feature imports another feature's keys.
// Keys name data, not URLs: nothing fetches a key (there is no default query function).
export const queryRoots = {
  /** The signed-in user (balance, features): lib/session. */
  session: ['session'],
  /** Per-message prices of the channels. */
  pricing: ['pricing'],
  /** Messages, their history, the scheduled list and the dashboard's message figures. */
  messages: ['messages'],
  /** Balance movements: the ledger's recent transactions. */
  ledger: ['ledger'],
  /** Card payments: which card form the server offers. */
  payments: ['payments'],
  /** The product catalogue and the user's products. */
  products: ['products'],
  /** Custom sender name requests (the admins' pending list). */
  senderNames: ['sender-names'],
  /** Phonebooks and their contacts. */
  phonebooks: ['phonebooks'],
  /** Admin: the users list and one user's details and analytics. */
  adminUsers: ['admin-users'],
  /** Admin: platform figures (dashboard, activity log, system status, statistics). */
  adminOverview: ['admin-overview'],
  /** SMS templates: the admins' shared ones, what customers are offered, and customers' own. */
  templates: ['templates'],
  /** The administrators' global defaults (sender name, channel of new users). */
  adminSettings: ['admin-settings'],
  /** The built-in simulator's outbox (development only). */
  devOutbox: ['dev-outbox'],
} as const;

export type QueryRoot = keyof typeof queryRoots;
