import { type AuditAction, type AuditEntryView } from '../../api/types';
import { teamApi } from '../../api/endpoints';
import { formatDateTime } from '../../lib/format';
import { useOlderPages } from '../../lib/use-older-pages';
import { ListTable } from '../../ui/list-table';
import { PageHeader } from '../../ui/page-header';
import { actorLabel } from '../../lib/actor-label';
import { Button } from '../../ui/button';

const ACTIONS: Record<AuditAction, string> = {
  'api_key.created': 'API key created',
  'api_key.revoked': 'API key revoked',
  'webhook_endpoint.created': 'Webhook endpoint added',
  'webhook_endpoint.updated': 'Webhook endpoint changed',
  'webhook_endpoint.deleted': 'Webhook endpoint deleted',
  'webhook_endpoint.secret_rotated': 'Webhook secret rotated',
  'member.invited': 'Member invited',
  'member.invitation_resent': 'Invitation resent',
  'member.invitation_revoked': 'Invitation revoked',
  'member.role_changed': 'Role changed',
  'member.removed': 'Member removed',
  'domain.added': 'Domain added',
  'domain.verified': 'Domain verified',
  'logo.uploaded': 'Logo uploaded',
  'logo.deleted': 'Logo deleted',
  'design_preset.created': 'Brand preset created',
  'design_preset.updated': 'Brand preset changed',
  'design_preset.deleted': 'Brand preset deleted',
};

/** The workspace's audit log (owners): who changed keys, webhooks, members and domains, and how. */
export function AuditLogPage() {
  const { entries, page, more } = useOlderPages<AuditEntryView>((cursor, signal) => teamApi.auditLog(cursor, signal), 'audit-log');
  return (
    <>
      <PageHeader
        title="Audit log"
        subtitle="Changes to API keys, webhook endpoints, members and domains. Entries are kept as long as the workspace exists and cannot be edited."
        actions={<Button href={teamApi.auditCsvUrl} download label="Download CSV" />}
      />
      <ListTable
        error={page.error}
        caption="Audit log, newest first"
        testId="audit-log"
        rows={page.data ? entries : undefined}
        empty={<p class="empty">Nothing has happened yet.</p>}
        columns={[
          { header: 'When', cell: (e) => formatDateTime(e.occurred_at) },
          {
            header: 'What',
            class: 'table__primary',
            cell: (e) => (
              <>
                {ACTIONS[e.action] ?? e.action}
                {detailsOf(e) ? <span class="muted small"> {detailsOf(e)}</span> : null}
              </>
            ),
          },
          {
            header: 'Of',
            cell: (e) => (
              <>
                {e.target.name ?? e.target.id}
                {e.target.name ? <span class="muted small mono"> {e.target.id}</span> : null}
              </>
            ),
          },
          { header: 'Who', cell: (e) => actorLabel(e.actor) },
          { header: 'Request', class: 'mono small', cell: (e) => e.actor.request_id ?? '—' },
        ]}
      />
      {page.data?.has_more ? <Button disabled={page.loading} onClick={more} label={page.loading ? 'Loading…' : 'Show older entries'} /> : null}
    </>
  );
}

function detailsOf(e: AuditEntryView): string | null {
  const d = e.details;
  if (!d) return null;
  if (typeof d.from === 'string' && typeof d.to === 'string') return `${d.from} → ${d.to}`;
  if (typeof d.to === 'string') return `to ${d.to}`;
  if (typeof d.role === 'string') return `as ${d.role}`;
  if (Array.isArray(d.fields)) return `(${d.fields.join(', ')})`;
  return null;
}
