import { eventLogContract } from '@qr/testing';

eventLogContract('sql-sqlite');
