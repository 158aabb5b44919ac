import { useLocation } from 'preact-iso';
import { useMemo, useState } from 'preact/hooks';
import { ProblemError } from '../../api/problem';
import { useMe } from '../../session';
import { ErrorNotice, Notice } from '../../ui/notice';
import { PageHeader } from '../../ui/page-header';
import { CodeForm } from './code-form';
import { createBody, formPointer, newCodeState } from './code-form-state';
import { FieldErrors } from './field-errors';
import { LivePreview } from './live-preview';
import { useFolders, useDomains } from '../../api/workspace-lists';
import { useAction } from '../../lib/use-action';
import { codesApi } from '../../api/codes';

export function CodeCreatePage() {
  const me = useMe();
  const { route } = useLocation();
  const dynamicAllowed = me.plan.dynamic_codes !== 0;
  const [state, setState] = useState(() => {
    const fresh = newCodeState('website');
    return dynamicAllowed ? fresh : { ...fresh, category: 'static' as const };
  });
  const [previewError, setPreviewError] = useState<unknown>(null);
  const [submitted, setSubmitted] = useState(false);
  const { busy, error: submitError, run } = useAction();
  const folders = useFolders();
  const domains = useDomains();
  const body = useMemo(() => createBody(state), [state]);
  // After a submit the submit's answer rules; before, the live preview's (without "required" noise).
  const shown = submitted ? submitError : previewError;
  const errors = new FieldErrors(shown, formPointer, !submitted);

  const submit = (e: Event) => {
    e.preventDefault();
    setSubmitted(true);
    void run(async () => {
      const code = await codesApi.create(body);
      route(`/app/codes/${code.id}?created=1`);
    });
  };
  const other = submitted && submitError instanceof ProblemError && submitError.status !== 422 ? submitError : null;
  return (
    <>
      <PageHeader title="New code" back={{ href: '/app/codes', label: 'Codes' }} />
      {!me.permissions.write ? <Notice kind="warning">Your role in this workspace is viewer: you can look, not create.</Notice> : null}
      {other?.code === 'dynamic_allowance_exceeded' ? (
        <Notice kind="error" title="No dynamic codes left">
          <p>{other.detail} Static codes are not counted.</p>
        </Notice>
      ) : (
        <ErrorNotice error={submitted ? submitError : null} />
      )}
      <div class="split">
        <form onSubmit={submit} noValidate aria-label="New code">
          <CodeForm
            mode="create"
            state={state}
            onState={(next) => (setState(next), setSubmitted(false))}
            errors={errors}
            folders={folders.data ?? []}
            domains={domains.data ?? []}
            dynamicAllowed={dynamicAllowed}
            busy={busy}
            submitLabel="Create code"
            footer={
              <a class="button" href="/app/codes">
                Cancel
              </a>
            }
          />
        </form>
        <LivePreview body={body} onProblem={setPreviewError} />
      </div>
    </>
  );
}
