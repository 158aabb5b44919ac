import { eventLogContract } from '@qr/testing/event-log-contract';

eventLogContract('sql-postgres');
