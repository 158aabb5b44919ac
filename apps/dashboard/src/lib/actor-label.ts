import { type Actor } from '@qr/domain/browser';

const VIA: Record<Actor['via'], string> = { api: 'API', dashboard: 'dashboard', import: 'CSV import', cli: 'admin CLI' };

/** "ana@example.com (dashboard)", "API key erp-sync key_… (API)": who and how, for history and the audit log. */
export function actorLabel(a: Actor): string {
  const via = VIA[a.via] ?? a.via;
  if (a.kind === 'member') return `${a.name ?? a.id ?? 'a member'} (${via})`;
  if (a.kind === 'api_key') return `API key ${a.name ?? ''} ${a.id ?? ''}`.replace(/\s+/g, ' ').trim() + ` (${via})`;
  return a.name ?? `unknown (${via})`;
}
