import { eventLogContract } from '@qr/testing/event-log-contract';

// The same contract without packed outbox rows and the statement appender.
eventLogContract('sql-postgres', { plain: true });
