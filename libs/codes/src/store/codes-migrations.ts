import { OUTBOX_TABLE_SQL } from '@qr/event-log';
import { defineMigration } from '@qr/persistence';

export const QR_MIGRATIONS = [
  defineMigration({
    timestamp: 1763700000205,
    name: 'CreateCodesMessaging',
    sqlite: [OUTBOX_TABLE_SQL.sqlite],
    postgres: [OUTBOX_TABLE_SQL.postgres],
  }),
];
