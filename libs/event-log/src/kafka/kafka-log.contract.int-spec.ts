import { eventLogContract } from '@qr/testing/event-log-contract';

eventLogContract('kafka');
