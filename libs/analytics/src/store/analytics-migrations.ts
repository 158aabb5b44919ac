import { PROCESSED_EVENTS_TABLE_SQL } from '@qr/event-log';
import { defineMigration } from '@qr/persistence';

export const ANALYTICS_MIGRATIONS = [
  defineMigration({
    timestamp: 1763700000209,
    name: 'CreateAnalyticsMessaging',
    sqlite: [PROCESSED_EVENTS_TABLE_SQL.sqlite],
    postgres: [PROCESSED_EVENTS_TABLE_SQL.postgres],
  }),
];
