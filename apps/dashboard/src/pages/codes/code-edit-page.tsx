import { useLocation, useRoute } from 'preact-iso';
import { useEffect, useState } from 'preact/hooks';
import { api } from '../../api/client';
import { type Domain, type Folder, type ListPage, type QrCode } from '../../api/types';
import { useResource } from '../../lib/use-resource';
import { useMe } from '../../session';
import { ErrorNotice, Loading } from '../../ui/notice';
import { PageHeader } from '../../ui/page-header';
import { CodeForm } from './code-form';
import { type CodeFormState, formPointer, patchBody, stateOfCode } from './code-form-state';
import { FieldErrors } from './field-errors';

export function CodeEditPage() {
  const me = useMe();
  const { params } = useRoute();
  const { route } = useLocation();
  const code = useResource((signal) => api.get<QrCode>(`/qrcodes/${encodeURIComponent(params.id)}`, { signal }), params.id);
  const folders = useResource((signal) => api.get<ListPage<Folder>>('/folders?limit=100', { signal }), 'folders');
  const domains = useResource((signal) => api.get<ListPage<Domain>>('/domains?limit=100', { signal }), 'domains');
  const [state, setState] = useState<CodeFormState | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (code.data) setState(stateOfCode(code.data));
  }, [code.data]);

  if (code.error) return <ErrorNotice error={code.error} title="This code cannot be opened" />;
  if (!code.data || !state) return <Loading />;
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    try {
      await api.patch<QrCode>(`/qrcodes/${code.data!.id}`, patchBody(state));
      route(`/app/codes/${code.data!.id}?saved=1`);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <PageHeader title={`Edit ${code.data.name}`} back={{ href: `/app/codes/${code.data.id}`, label: code.data.name }} />
      <ErrorNotice error={error} />
      <form onSubmit={submit} noValidate aria-label={`Edit ${code.data.name}`}>
        <CodeForm
          mode="edit"
          state={state}
          onState={setState}
          errors={new FieldErrors(error, formPointer)}
          folders={folders.data?.data ?? []}
          domains={domains.data?.data ?? []}
          dynamicAllowed={me.plan.dynamic_codes !== 0}
          busy={busy || !me.permissions.write}
          submitLabel="Save changes"
          footer={
            <a class="button" href={`/app/codes/${code.data.id}`}>
              Cancel
            </a>
          }
        />
      </form>
    </>
  );
}
