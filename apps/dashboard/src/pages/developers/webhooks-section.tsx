import { useState } from 'preact/hooks';
import { type WebhookEndpointWithSecret, type WebhookEventType } from '../../api/types';
import { formatDate } from '../../lib/format';
import { useResource } from '../../lib/use-resource';
import { useMe } from '../../session';
import { Badge } from '../../ui/badge';
import { SecretOnce } from '../../ui/copy-button';
import { binder, SubmitButton, TextField } from '../../ui/field';
import { ListTable } from '../../ui/list-table';
import { ErrorNotice, Notice } from '../../ui/notice';
import { EventKindsField } from './event-kinds-field';
import { useAction } from '../../lib/use-action';
import { webhooksApi } from '../../api/endpoints';

/** Webhook endpoints: register one (its whsec_ secret shown once), list them. */
export function WebhooksSection() {
  const me = useMe();
  const endpoints = useResource((signal) => webhooksApi.list(signal), 'endpoints');
  const allowed = me.plan.webhook_events;
  const [form, setForm] = useState({ url: '', description: '' });
  const [events, setEvents] = useState<WebhookEventType[]>(allowed.includes('qr.scanned') ? ['qr.scanned'] : []);
  const [created, setCreated] = useState<WebhookEndpointWithSecret | null>(null);
  const { busy, error, problem, submit } = useAction();
  const create = submit(async () => {
    setCreated(await webhooksApi.create({ url: form.url, events, ...(form.description ? { description: form.description } : {}) }));
    setForm({ url: '', description: '' });
    endpoints.reload();
  });
  const field = binder(form, setForm, problem);
  return (
    <section class="panel" aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">Webhook endpoints</h2>
      <p class="muted">Signed (Standard Webhooks) POSTs to your server when things happen, retried for about a day when it does not answer 2xx.</p>
      {allowed.length === 0 ? <Notice kind="warning">The {me.plan.name} plan has no webhooks; pro and agency have.</Notice> : null}
      {created ? <SecretOnce label={`Signing secret of ${created.url}`} value={created.secret} onDone={() => setCreated(null)} /> : null}
      {me.permissions.write && allowed.length > 0 ? (
        <form onSubmit={create} noValidate aria-label="Register a webhook endpoint">
          <ErrorNotice error={error} atFields />
          <div class="grid-2">
            <TextField label="Endpoint URL" type="url" required placeholder="https://example.com/webhooks/qr" {...field('url')} />
            <TextField label="Description" {...field('description')} />
          </div>
          <EventKindsField
            value={events}
            onValue={setEvents}
            allowed={allowed}
            planName={me.plan.name}
            error={problem?.at('/events') ?? problem?.errors.find((p) => p.pointer.startsWith('/events/'))?.detail}
          />
          <SubmitButton disabled={busy} label="Register endpoint" />
        </form>
      ) : null}
      <ListTable
        error={endpoints.error}
        caption="Webhook endpoints"
        testId="webhook-endpoints"
        spaced
        rows={endpoints.data?.data}
        empty={<p class="muted">No endpoints yet.</p>}
        columns={[
          {
            header: 'Endpoint',
            cell: (ep) => (
              <>
                <a class="table__primary" href={`/app/developers/webhooks/${ep.id}`}>
                  {ep.url}
                </a>
                {ep.description ? <div class="muted small">{ep.description}</div> : null}
              </>
            ),
          },
          { header: 'Events', class: 'small', cell: (ep) => ep.events.join(', ') },
          { header: 'Status', cell: (ep) => <Badge tone={ep.status === 'enabled' ? 'good' : 'bad'}>{ep.status}</Badge> },
          { header: 'Created', cell: (ep) => formatDate(ep.created_at) },
        ]}
      />
    </section>
  );
}
