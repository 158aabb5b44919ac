import { useLocation, useRoute } from 'preact-iso';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { useResource } from '../../lib/use-resource';
import { useMe } from '../../session';
import { ErrorNotice, Loading } from '../../ui/notice';
import { PageHeader } from '../../ui/page-header';
import { CodeForm } from './code-form';
import { type CodeFormState, createBody, formPointer, patchBody, stateOfCode } from './code-form-state';
import { designBody } from './design-form';
import { LivePreview } from './live-preview';
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
  const [previewError, setPreviewError] = useState<unknown>(null);
  // The edited code drawn as it would be saved (the same renderer and check; without client_ref, which only a create looks up).
  const previewBody = useMemo(() => (state ? { ...createBody(state), client_ref: undefined, design: designBody(state.design) } : {}), [state]);
  const { busy, error, setError, run } = useAction();
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
      <div class="split">
        <form onSubmit={submit} noValidate aria-label={`Edit ${code.data.name}`}>
          <CodeForm
            mode="edit"
            state={state}
            // A change answers the last save's problems: from then on the live preview's rule.
            onState={(next) => (setState(next), setError(null))}
            errors={new FieldErrors(error ?? previewError, formPointer, !error)}
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
        <LivePreview body={previewBody} onProblem={setPreviewError} codeId={id} />
      </div>
    </>
  );
}
