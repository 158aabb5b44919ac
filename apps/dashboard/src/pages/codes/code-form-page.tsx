import { useLocation, useRoute } from 'preact-iso';
import { useMemo, useState } from 'preact/hooks';
import { codesApi } from '../../api/endpoints';
import { type QrCode } from '../../api/types';
import { useAction } from '../../lib/use-action';
import { useResource } from '../../lib/use-resource';
import { useMe } from '../../session';
import { ErrorNotice, Notice, Pending } from '../../ui/notice';
import { PageHeader } from '../../ui/page-header';
import { CodeForm } from './code-form';
import { type CodeFormState, createBody, formPointer, newCodeState, patchBody, stateOfCode } from './code-form-state';
import { designBody } from './design-form';
import { FieldErrors } from './field-errors';
import { LivePreview } from './live-preview';

export function CodeCreatePage() {
  const dynamicAllowed = useMe().plan.dynamic_codes !== 0;
  return (
    <CodeFormPage
      initial={() => ({ ...newCodeState('website'), ...(dynamicAllowed ? {} : { category: 'static' as const }) })}
      title="New code"
      back={{ href: '/app/codes', label: 'Codes' }}
      submitLabel="Create code"
      save={async (state) => `/app/codes/${(await codesApi.create(createBody(state))).id}?created=1`}
    />
  );
}

export function CodeEditPage() {
  const { params } = useRoute();
  const code = useResource((signal) => codesApi.get(params.id, signal), params.id);
  const data = code.data;
  if (code.error || !data) return <Pending resource={code} title="This code cannot be opened" />;
  const { id, name } = data;
  return (
    <CodeFormPage
      key={id}
      code={data}
      initial={() => stateOfCode(data)}
      title={`Edit ${name}`}
      back={{ href: `/app/codes/${id}`, label: name }}
      submitLabel="Save changes"
      save={async (state) => (await codesApi.update(id, patchBody(state)), `/app/codes/${id}?saved=1`)}
    />
  );
}

/**
 * The create and edit pages: the code form beside its live preview. Until a submit, the preview's
 * problems show at the fields (without "required" noise); after one, the submit's, until the next change.
 */
function CodeFormPage(props: {
  /** The edited code; none on the create page. */
  code?: QrCode;
  initial: () => CodeFormState;
  title: string;
  back: { href: string; label: string };
  submitLabel: string;
  /** Sends the form and answers where to go next. */
  save: (state: CodeFormState) => Promise<string>;
}) {
  const me = useMe();
  const { route } = useLocation();
  const [state, setState] = useState(props.initial);
  const [previewError, setPreviewError] = useState<unknown>(null);
  const { busy, error, problem, setError, submit } = useAction();
  const editing = props.code !== undefined;
  // An edited code is drawn as it would be saved (the same renderer and check; without client_ref, which only a create looks up).
  const previewBody = useMemo(() => (editing ? { ...createBody(state), client_ref: undefined, design: designBody(state.design) } : createBody(state)), [state]);
  const save = submit(async () => route(await props.save(state)));
  return (
    <>
      <PageHeader title={props.title} back={props.back} />
      {!editing && !me.permissions.write ? <Notice kind="warning">Your role in this workspace is viewer: you can look, not create.</Notice> : null}
      {problem?.code === 'dynamic_allowance_exceeded' ? (
        <Notice kind="error" title="No dynamic codes left">
          <p>{problem.detail} Static codes are not counted.</p>
        </Notice>
      ) : (
        <ErrorNotice error={error} />
      )}
      <div class="split">
        <form onSubmit={save} noValidate aria-label={props.title}>
          <CodeForm
            mode={editing ? 'edit' : 'create'}
            state={state}
            onState={(next) => (setState(next), setError(null))}
            errors={new FieldErrors(error ?? previewError, formPointer, !error)}
            busy={busy || (editing && !me.permissions.write)}
            submitLabel={props.submitLabel}
            cancelHref={props.back.href}
          />
        </form>
        <LivePreview body={previewBody} onProblem={setPreviewError} codeId={props.code?.id} />
      </div>
    </>
  );
}
