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
  const [url, setUrl] = useState<string | null>(null);
  const [designProblem, setDesignProblem] = useState<string | null>(null);
  const [existing, setExisting] = useState<DraftPreviewAnswer['existing']>(null);
  const [state, setState] = useState<'waiting' | 'ok' | 'invalid' | 'failed'>('waiting');
  const key = JSON.stringify(body);
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const answer = await previewsApi.render(body, controller.signal, codeId);
        const next = URL.createObjectURL(new Blob([answer.svg], { type: 'image/svg+xml' }));
        setUrl((old) => (old && URL.revokeObjectURL(old), next));
        setExisting(answer.existing);
        setState('ok');
        setDesignProblem(null);
        onProblem(null);
      } catch (err) {
        if (controller.signal.aborted) return;
        setState(err instanceof ProblemError && err.status === 422 ? 'invalid' : 'failed');
        const problem = err instanceof ProblemError ? err.errors.find((e) => e.pointer === '/design' || e.pointer.startsWith('/design/')) : undefined;
        setDesignProblem(problem ? problem.detail : null);
        onProblem(err);
      }
    }, 350);
    return () => (clearTimeout(timer), controller.abort());
  }, [key]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), []);
  return (
    <div class="panel preview" aria-live="polite">
      <h2>{title}</h2>
      {designProblem ? (
        <p class="scan-badge scan-badge--bad" data-testid="scan-badge">
          Will not scan: {designProblem}
        </p>
      ) : state === 'ok' ? (
        <p class="scan-badge scan-badge--good" data-testid="scan-badge">
          {body.design ? 'Scans: read back by two decoders, printed 2 cm wide' : 'Scans: the standard black-on-white code'}
        </p>
      ) : null}
      {url && state === 'ok' ? (
        <img class="preview__image" src={url} alt="Preview of the QR code as it will be printed" data-testid="live-preview" />
      ) : (
        <div class="preview__empty">{state === 'failed' ? 'The preview could not be drawn just now.' : 'The preview appears once the content is valid.'}</div>
      )}
      {existing ? (
        <p class="notice notice--info small">
          This client reference already names <a href={`/app/codes/${existing.id}`}>{existing.name}</a>: saving returns that code unchanged.
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
