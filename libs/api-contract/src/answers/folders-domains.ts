import { Declaration } from '../engine/declare';
import { Out } from '../engine/fields';
import { arrayOf, constant, int, nullable, nullableTimestamp, Page, ref, str, timestamp } from './answer-types';

@Declaration({ answer: true })
export class Folder {
  @Out({ type: 'string', example: 'fld_00VbbQ5mGtVbp9Yc' }) id!: string;
  @Out(constant('folder')) object!: 'folder';
  @Out(str) name!: string;
  @Out(timestamp) created_at!: string;
}

@Declaration({ answer: true })
export class FolderList extends Page {
  @Out(arrayOf(ref('Folder'))) data!: Folder[];
}

@Declaration({ answer: true })
export class DeletedFolder {
  @Out(str) id!: string;
  @Out(constant('folder')) object!: 'folder';
  @Out(constant(true)) deleted!: true;
  @Out({ ...int, description: 'Codes that were in the folder and now have none' }) codes_moved!: number;
}

/** The DNS record that proves a domain is the workspace's. */
@Declaration({ answer: true })
export class DomainVerification {
  @Out(constant('TXT')) type!: 'TXT';
  @Out({ type: 'string', example: '_qr-verify.qr.example.com' }) name!: string;
  @Out({ type: 'string', example: 'qr-verify=…' }) value!: string;
  @Out(nullableTimestamp) last_checked_at!: string | null;
  @Out(nullable('string', { description: 'Why the last check did not verify' })) last_error!: string | null;
}

@Declaration({ answer: true })
export class Domain {
  @Out(str) id!: string;
  @Out(constant('domain')) object!: 'domain';
  @Out(str) hostname!: string;
  @Out({ enum: ['pending', 'verified'] }) status!: string;
  @Out(ref('DomainVerification')) verification!: DomainVerification;
  @Out(nullableTimestamp) verified_at!: string | null;
  @Out(timestamp) created_at!: string;
}

@Declaration({ answer: true })
export class DomainList extends Page {
  @Out(arrayOf(ref('Domain'))) data!: Domain[];
}
