import { eventLogContract } from '@qr/testing/event-log-contract';

// The same contract without the decoded-row cache, the append pacer and packed outbox rows.
eventLogContract('sql-sqlite', { plain: true });
