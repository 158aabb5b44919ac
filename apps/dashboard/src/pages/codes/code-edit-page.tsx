import { useLocation, useRoute } from 'preact-iso';

import { useEffect, useState } from 'preact/hooks';

import { useResource } from '../../lib/use-resource';

import { useMe } from '../../session';

import { ErrorNotice, Loading } from '../../ui/notice';

import { PageHeader } from '../../ui/page-header';

import { CodeForm } from './code-form';

import { type CodeFormState, formPointer, patchBody, stateOfCode } from './code-form-state';

import { FieldErrors } from './field-errors';

import { useFolders, useDomains } from '../../api/workspace-lists';

import { useAction } from '../../lib/use-action';

import { codesApi } from '../../api/codes';

export function CodeEditPage() {
  const me = useMe();
  const { params } = useRoute();
  const { route } = useLocation();
  const code = useResource((signal) => codesApi.get(params.id, signal), params.id);
  const folders = useFolders();
  const domains = useDomains();
  const [state, setState] = useState<CodeFormState | null>(null);
  const { busy, error, run } = useAction();
  useEffect(() => {
    if (code.data) setState(stateOfCode(code.data));
  }, [code.data]);

  if (code.error) return <ErrorNotice error={code.error} title="This code cannot be opened" />;
  if (!code.data || !state) return <Loading />;
  const id = code.data.id;
  const submit = (e: Event) => {
    e.preventDefault();
    void run(async () => {
      await codesApi.update(id, patchBody(state));
      route(`/app/codes/${id}?saved=1`);
    });
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
          folders={folders.data ?? []}
          domains={domains.data ?? []}
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
