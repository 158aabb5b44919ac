import { useState } from 'preact/hooks';
import { foldersApi, MOVE_BATCH } from '../../api/endpoints';
import { type Folder } from '../../api/types';
import { formatNumber } from '../../lib/format';
import { useAction } from '../../lib/use-action';
import { namedOptions, SelectField } from '../../ui/field';
import { ErrorNotice, Notice } from '../../ui/notice';
import { Button } from '../../ui/button';

const NO_FOLDER = '-';

/**
 * "Move to folder" for the selected codes. The API moves up to 100 codes in one all-or-none call, so
 * a larger selection goes in batches; if one fails, the message says how many moved before it.
 */
export function MoveToFolder(props: { selected: readonly string[]; folders: readonly Folder[]; onMoved: () => void }) {
  const [target, setTarget] = useState('');
  const [moved, setMoved] = useState<string | null>(null);
  const [partial, setPartial] = useState(0);
  const { busy, error, submit } = useAction();
  const move = submit(async () => {
    if (!target) return;
    const folderId = target === NO_FOLDER ? null : target;
    const name = folderId === null ? 'no folder' : `“${props.folders.find((f) => f.id === folderId)?.name ?? ''}”`;
    let done = 0;
    setMoved(null);
    try {
      for (let i = 0; i < props.selected.length; i += MOVE_BATCH) {
        const batch = props.selected.slice(i, i + MOVE_BATCH);
        await foldersApi.move(batch, folderId);
        done += batch.length;
      }
    } finally {
      setPartial(done);
    }
    setMoved(`${formatNumber(done)} ${done === 1 ? 'code' : 'codes'} now in ${name}.`);
    props.onMoved();
  }, 'move');
  return (
    <form class="move-to-folder" onSubmit={move} aria-label="Move the selected codes to a folder">
      <SelectField
        label="Move to"
        value={target}
        onValue={setTarget}
        options={[{ value: '', label: 'Choose a folder…', disabled: true }, { value: NO_FOLDER, label: 'No folder' }, ...namedOptions(props.folders)]}
      />
      <Button small submit disabled={busy || !target} label={busy ? 'Moving…' : 'Move'} />
      {moved ? <Notice kind="success">{moved}</Notice> : null}
      {error ? (
        <>
          {partial > 0 ? <Notice kind="info">{formatNumber(partial)} codes moved before this error.</Notice> : null}
          <ErrorNotice error={error} />
        </>
      ) : null}
    </form>
  );
}
