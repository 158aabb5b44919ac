import { useState } from 'preact/hooks';
import { type Domain } from '../../api/types';
import { formatDateTime } from '../../lib/format';
import { useMe } from '../../session';
import { Badge } from '../../ui/badge';
import { CopyButton } from '../../ui/copy-button';
import { Facts } from '../../ui/facts';
import { SubmitButton, TextField } from '../../ui/field';
import { ErrorNotice, Notice, Pending } from '../../ui/notice';
import { PageHeader } from '../../ui/page-header';
import { useDomains } from '../../api/workspace-lists';
import { useAction } from '../../lib/use-action';
import { domainsApi } from '../../api/endpoints';
import { Button } from '../../ui/button';

/** Custom short-link domains: add one, publish the TXT record, check it. */
export function DomainsPage() {
  const me = useMe();
  const domains = useDomains();
  const [hostname, setHostname] = useState('');
  const { busy, error, problem, submit } = useAction();
  const add = submit(async () => {
    await domainsApi.create(hostname.trim());
    setHostname('');
    domains.reload();
  });
  return (
    <>
      <PageHeader title="Domains" subtitle="Print your own domain in dynamic codes, e.g. qr.example.com/AbC1234." />
      {me.permissions.write ? (
        <form class="panel" onSubmit={add} noValidate aria-labelledby="new-domain">
          <h2 id="new-domain">Add a domain</h2>
          <ErrorNotice error={error} atFields />
          <div class="controls">
            <TextField label="Hostname" required placeholder="qr.example.com" value={hostname} onValue={setHostname} error={problem?.at('/hostname')} />
            <SubmitButton field disabled={busy} label="Add domain" />
          </div>
          <p class="muted small">
            Two steps make a domain work: its DNS points at this platform’s short-link server (your operator has the address), and a TXT record proves the
            domain is yours. Codes can use it once it is verified.
          </p>
        </form>
      ) : null}
      <Pending resource={domains} />
      {domains.data && domains.data.length === 0 ? <p class="empty">No custom domains yet: codes use the default short domain.</p> : null}
      {domains.data?.map((d) => (
        <DomainCard key={d.id} domain={d} canVerify={me.permissions.write} onChanged={domains.reload} />
      ))}
    </>
  );
}

function DomainCard({ domain: d, canVerify, onChanged }: { domain: Domain; canVerify: boolean; onChanged: () => void }) {
  const { busy, error, run } = useAction();
  const [checked, setChecked] = useState<Domain | null>(null);
  const current = checked ?? d;
  const verify = () =>
    run(async () => {
      const answer = await domainsApi.verify(d.id);
      setChecked(answer);
      if (answer.status === 'verified') onChanged();
    });
  return (
    <section class="panel" aria-labelledby={`domain-${d.id}`}>
      <h2 id={`domain-${d.id}`}>
        {current.hostname} {current.status === 'verified' ? <Badge tone="good">verified</Badge> : <Badge tone="warn">pending verification</Badge>}
      </h2>
      {current.status === 'verified' ? (
        <p>Verified {formatDateTime(current.verified_at)}. New dynamic codes can use it (choose it under Domain when you create a code).</p>
      ) : (
        <>
          <p>Add this TXT record at your DNS provider, wait for it to propagate (minutes to an hour), then check:</p>
          <Facts
            rows={[
              ['Type', 'TXT'],
              ['Name', <Copyable text={current.verification.name} />, 'short-link'],
              ['Value', <Copyable text={current.verification.value} />, 'short-link'],
            ]}
          />
          {current.verification.last_error ? (
            <Notice kind="warning" title={`Not verified yet (checked ${formatDateTime(current.verification.last_checked_at)})`}>
              <p>{current.verification.last_error}</p>
            </Notice>
          ) : null}
          <ErrorNotice error={error} />
          {canVerify ? (
            <Button kind="primary" onClick={() => void verify()} disabled={busy} label={busy ? 'Checking DNS…' : 'Check the TXT record now'} />
          ) : null}
        </>
      )}
    </section>
  );
}

const Copyable = ({ text }: { text: string }) => (
  <>
    <code>{text}</code> <CopyButton value={text} />
  </>
);
