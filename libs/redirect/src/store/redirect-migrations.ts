import { OUTBOX_TABLE_SQL, PROCESSED_EVENTS_TABLE_SQL } from '@qr/event-log';
import { defineMigration } from '@qr/persistence';

export const REDIRECT_MIGRATIONS = [
  defineMigration({
    timestamp: 1763700000208,
    name: 'CreateRedirectMessaging',
    sqlite: [OUTBOX_TABLE_SQL.sqlite, PROCESSED_EVENTS_TABLE_SQL.sqlite],
    postgres: [OUTBOX_TABLE_SQL.postgres, PROCESSED_EVENTS_TABLE_SQL.postgres],
  }),
];
