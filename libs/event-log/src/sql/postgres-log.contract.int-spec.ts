import { eventLogContract } from '@qr/testing';

eventLogContract('sql-postgres');
