import { useEffect, useState } from 'preact/hooks';
import { ProblemError } from '../../api/problem';
import { previewsApi } from '../../api/endpoints';
import { type DraftPreviewAnswer } from '../../api/types';

/**
 * Renders the code as it would be created, with the server's own validation and renderer
 * (previewsApi.render), a moment after the last change. `onProblem` gets the validation answer
 * so the form can show the same field errors as you type.
 */
export function LivePreview({
  body,
  onProblem,
  title = 'Preview',
  codeId,
}: {
  body: Record<string, unknown>;
  onProblem: (error: unknown) => void;
  title?: string;
  /** The edited code, on its edit page. */
  codeId?: string;
}) {
  const [drawn, setDrawn] = useState<{ url: string; existing: DraftPreviewAnswer['existing'] } | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const key = JSON.stringify(body);
  // The body last answered for: until the answer to this one is in, the panel says it is busy.
  const [answered, setAnswered] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const answer = await previewsApi.render(body, controller.signal, codeId);
        const next = URL.createObjectURL(new Blob([answer.svg], { type: 'image/svg+xml' }));
        setDrawn({ url: next, existing: answer.existing });
        setFailure(null);
        onProblem(null);
      } catch (err) {
        if (controller.signal.aborted) return;
        setFailure(err);
        onProblem(err);
      }
      setAnswered(key);
    }, 350);
    return () => (clearTimeout(timer), controller.abort());
  }, [key]);
  // Frees each drawing's URL once the next one shows, and the last one when the panel goes.
  useEffect(() => () => void (drawn && URL.revokeObjectURL(drawn.url)), [drawn]);
  const problem = failure instanceof ProblemError ? failure : null;
  const designProblem = problem?.errors.find((e) => e.pointer === '/design' || e.pointer.startsWith('/design/'))?.detail;
  const ok = drawn !== null && failure === null;
  return (
    <div class="panel preview" aria-live="polite" aria-busy={answered !== key}>
      <h2>{title}</h2>
      {designProblem ? (
        <p class="scan-badge scan-badge--bad" data-testid="scan-badge">
          Will not scan: {designProblem}
        </p>
      ) : ok ? (
        <p class="scan-badge scan-badge--good" data-testid="scan-badge">
          {body.design ? 'Scans: read back by two decoders, printed 2 cm wide' : 'Scans: the standard black-on-white code'}
        </p>
      ) : null}
      {ok ? (
        <img class="preview__image" src={drawn.url} alt="Preview of the QR code as it will be printed" data-testid="live-preview" />
      ) : (
        <div class="preview__empty">
          {failure && problem?.status !== 422 ? 'The preview could not be drawn just now.' : 'The preview appears once the content is valid.'}
        </div>
      )}
      {drawn?.existing ? (
        <p class="notice notice--info small">
          This client reference already names <a href={`/app/codes/${drawn.existing.id}`}>{drawn.existing.name}</a>: saving returns that code unchanged.
        </p>
      ) : null}
      <p class="muted small">
        {body.type === 'gs1'
          ? 'Drawn by the same renderer as downloads, with the URI the code will print.'
          : 'Drawn by the same renderer as downloads; a dynamic code’s final short link has the same length.'}
      </p>
    </div>
  );
}
