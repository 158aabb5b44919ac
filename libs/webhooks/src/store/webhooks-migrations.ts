import { PROCESSED_EVENTS_TABLE_SQL } from '@qr/event-log';
import { defineMigration } from '@qr/persistence';

export const WEBHOOKS_MIGRATIONS = [
  defineMigration({
    timestamp: 1763700000208,
    name: 'CreateWebhooksMessaging',
    sqlite: [PROCESSED_EVENTS_TABLE_SQL.sqlite],
    postgres: [PROCESSED_EVENTS_TABLE_SQL.postgres],
  }),
];
