import { useLocation, useRoute } from 'preact-iso';
import { useState } from 'preact/hooks';
import { type WebhookEventType, type WebhookTest } from '../../api/types';
import { formatDateTime } from '../../lib/format';
import { useResource } from '../../lib/use-resource';
import { useMe } from '../../session';
import { Badge } from '../../ui/badge';
import { Facts } from '../../ui/facts';
import { ConfirmDialog, useConfirm } from '../../ui/confirm-dialog';
import { SecretOnce } from '../../ui/copy-button';
import { Button } from '../../ui/button';
import { ListTable } from '../../ui/list-table';
import { ErrorNotice, Notice, Pending } from '../../ui/notice';
import { PageHeader } from '../../ui/page-header';
import { EventKindsField } from './event-kinds-field';
import { useAction } from '../../lib/use-action';
import { webhooksApi } from '../../api/endpoints';

/** One webhook endpoint: its events and status, secret rotation, a test event, and its deliveries. */
export function EndpointPage() {
  const me = useMe();
  const { params } = useRoute();
  const { route } = useLocation();
  const endpoint = useResource((signal) => webhooksApi.get(params.id, signal), params.id);
  // The events as ticked here; until then, as the endpoint has them.
  const [edited, setEdited] = useState<WebhookEventType[] | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [test, setTest] = useState<WebhookTest | null>(null);
  const { busy, running, error, run, submit } = useAction();
  const deleting = useConfirm(async (id: string) => (await webhooksApi.remove(id), route('/app/developers')));
  const [deliveriesVersion, setDeliveriesVersion] = useState(0);
  const ep = endpoint.data;
  if (endpoint.error || !ep) return <Pending resource={endpoint} title="This endpoint cannot be opened" />;
  const events = edited ?? ep.events;
  const write = me.permissions.write;
  return (
    <>
      <PageHeader
        title="Webhook endpoint"
        subtitle={<span class="mono">{ep.url}</span>}
        back={{ href: '/app/developers', label: 'Developers' }}
        actions={
          write ? (
            <>
              <Button
                disabled={busy}
                onClick={() =>
                  void run(async () => (await webhooksApi.update(ep.id, { status: ep.status === 'enabled' ? 'disabled' : 'enabled' }), endpoint.reload()))
                }
                label={ep.status === 'enabled' ? 'Disable' : 'Enable'}
              />
              <Button disabled={busy} onClick={() => void run(async () => setSecret((await webhooksApi.rotateSecret(ep.id)).secret))} label="Rotate secret" />
              <Button
                kind="primary"
                disabled={busy}
                onClick={() => void run(async () => (setTest(await webhooksApi.sendTest(ep.id)), setDeliveriesVersion((v) => v + 1)), 'test')}
                label={running === 'test' ? 'Sending…' : 'Send test event'}
              />
              <Button kind="danger" disabled={busy} onClick={() => deleting.ask(ep.id)} label="Delete" />
            </>
          ) : null
        }
      />
      <ErrorNotice error={error} />
      {secret ? <SecretOnce label="The new signing secret" value={secret} onDone={() => setSecret(null)} /> : null}
      {secret ? (
        <Notice kind="info">For the next 24 hours each delivery is signed with both the old and the new secret, so your receiver can switch over.</Notice>
      ) : null}
      {test ? (
        <Notice kind={test.delivered ? 'success' : 'error'} title={test.delivered ? 'Test event delivered' : 'Test event not delivered'}>
          <p data-testid="test-result">
            Event <code>{test.event_id}</code>: {test.status_code !== null ? `your endpoint answered ${test.status_code}` : `no answer (${test.error})`} in{' '}
            {test.duration_ms} ms.
          </p>
        </Notice>
      ) : null}
      <section class="panel" aria-labelledby="endpoint-facts">
        <h2 id="endpoint-facts">Settings</h2>
        <Facts
          rows={[
            [
              'Status',
              <>
                <Badge tone={ep.status === 'enabled' ? 'good' : 'bad'}>{ep.status}</Badge>
                {ep.disabled_reason ? <span class="muted small"> ({ep.disabled_reason.replace(/_/g, ' ')})</span> : null}
              </>,
            ],
            ['Description', ep.description ?? '—'],
            ['Created', formatDateTime(ep.created_at)],
            ['Id', ep.id, 'mono small'],
          ]}
        />
        {write ? (
          <form onSubmit={submit(async () => (await webhooksApi.update(ep.id, { events }), endpoint.reload()), 'events')} aria-label="Events of this endpoint">
            <EventKindsField value={events} onValue={setEdited} allowed={me.plan.webhook_events} planName={me.plan.name} />
            <Button submit disabled={busy} label="Save events" />
          </form>
        ) : (
          <p>Events: {ep.events.join(', ')}</p>
        )}
      </section>
      <Deliveries endpointId={ep.id} version={deliveriesVersion} canRetry={write} />
      <ConfirmDialog {...deleting.dialog} title="Delete this endpoint?" confirmLabel="Delete endpoint">
        <p>Its pending deliveries are cancelled; the delivery log stays. This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}

function Deliveries({ endpointId, version, canRetry }: { endpointId: string; version: number; canRetry: boolean }) {
  const deliveries = useResource((signal) => webhooksApi.deliveries(endpointId, signal), `${endpointId}:${version}`);
  const [retried, setRetried] = useState<string | null>(null);
  const { error, run } = useAction();
  const retry = (id: string) =>
    run(async () => {
      await webhooksApi.retryDelivery(id);
      setRetried(id);
      setTimeout(deliveries.reload, 800);
    });
  return (
    <section class="panel" aria-labelledby="deliveries-title">
      <div class="page-header__row">
        <h2 id="deliveries-title">Deliveries</h2>
        <Button small onClick={deliveries.reload} label="Refresh" />
      </div>
      <p class="muted small">The last 100, newest first. Every attempt of one event has the same webhook-id.</p>
      {retried ? <Notice kind="info">Retry of {retried} queued: it is sent within seconds.</Notice> : null}
      <ListTable
        error={error ?? deliveries.error}
        caption="Deliveries to this endpoint"
        testId="deliveries"
        rows={deliveries.data?.data}
        empty={<p class="muted">No deliveries yet. Send a test event, or scan a code.</p>}
        columns={[
          {
            header: 'Event',
            cell: (d) => (
              <>
                {d.event_type}
                <div class="muted small mono">{d.event_id}</div>
              </>
            ),
          },
          { header: 'Status', cell: (d) => <Badge tone={d.status === 'delivered' ? 'good' : d.status === 'pending' ? 'warn' : 'bad'}>{d.status}</Badge> },
          { header: 'Attempts', num: true, cell: (d) => d.attempts },
          {
            header: 'Response',
            class: 'small',
            cell: (d) => (
              <>
                {d.last_status_code ?? '—'}
                {d.last_error ? <div class="muted">{d.last_error}</div> : null}
              </>
            ),
          },
          { header: 'Next retry', cell: (d) => (d.next_attempt_at && d.status === 'pending' ? formatDateTime(d.next_attempt_at) : '—') },
          { header: 'Created', cell: (d) => formatDateTime(d.created_at) },
        ]}
        actions={(d) => (canRetry && d.status !== 'delivered' ? <Button small onClick={() => void retry(d.id)} label="Retry now" /> : null)}
      />
    </section>
  );
}
