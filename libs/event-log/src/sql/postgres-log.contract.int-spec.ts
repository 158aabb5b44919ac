import { eventLogContract } from '../testing/event-log-contract';

eventLogContract('sql-postgres');
