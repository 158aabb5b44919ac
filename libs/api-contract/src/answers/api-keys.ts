import { Declaration } from '../engine/declare';
import { Out } from '../engine/fields';
import { arrayOf, constant, dateTime, deletedAnswer, str } from './answer-types';

@Declaration({ answer: true })
export class ApiKey {
  @Out({ type: 'string', example: 'key_00VbayHbnbI0mAOB5TZyTCWm' }) id!: string;
  @Out(constant('api_key')) object!: 'api_key';
  @Out(str) name!: string;
  @Out({ enum: ['owner', 'editor', 'viewer'] }) role!: string;
  @Out({ type: 'string', description: 'First and last characters only, e.g. `qrk_AbC1…x9Z`' }) key_hint!: string;
  @Out(dateTime) created_at!: string;
  @Out({ type: ['string', 'null'], format: 'date-time' }) expires_at!: string | null;
  @Out({ type: ['string', 'null'], format: 'date-time', description: 'Last authenticated call, to the minute; null if never used' }) last_used_at!:
    string | null;
}

/** The answer to a create: the key with its secret, the only time the secret is shown. */
@Declaration({ answer: true })
export class CreatedApiKey extends ApiKey {
  @Out({ type: 'string', description: 'The key. Shown once, never again.' }) secret!: string;
}

@Declaration({ answer: true })
export class ApiKeyList {
  @Out(constant('list')) object!: 'list';
  @Out(arrayOf({ $ref: '#/components/schemas/ApiKey' }, { description: 'Live keys (not revoked, not expired)' })) data!: ApiKey[];
}

export const DeletedApiKey = deletedAnswer('DeletedApiKey', 'api_key');
