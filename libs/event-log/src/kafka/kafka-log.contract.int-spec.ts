import { eventLogContract } from '@qr/testing';

eventLogContract('kafka');
