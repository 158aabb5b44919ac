import { formatUtc } from '@qr/domain';
import { type ApiKeyRecord } from '@qr/identity';

/** The API's shape of a key. The secret appears only in the 201 answer, added by the controller. */
export function apiKeyView(k: ApiKeyRecord) {
  return {
    id: k.id,
    object: 'api_key' as const,
    name: k.name,
    role: k.role,
    key_hint: k.key_hint,
    created_at: formatUtc(new Date(k.created_at)),
    expires_at: k.expires_at === null ? null : formatUtc(new Date(k.expires_at)),
    last_used_at: k.last_used_at === null ? null : formatUtc(new Date(k.last_used_at)),
  };
}
