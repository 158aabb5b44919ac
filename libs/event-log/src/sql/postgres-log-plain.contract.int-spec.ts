import { eventLogContract } from '@qr/testing';

// The same contract without packed outbox rows and the statement appender.
eventLogContract('sql-postgres', { plain: true });
