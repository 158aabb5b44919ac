import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { croppedSide, cropSquare, fitInBox, type LogoCrop, MAX_ZOOM, WHOLE_PICTURE } from './logo-crop';
import { Button } from '../../ui/button';

const PREVIEW_PX = 160;

/**
 * A chosen picture before it is uploaded: kept whole (the server fits it into the logo's square box)
 * or cropped to a square, with a preview of the box as the code will show it. A crop is cut in the
 * browser and sent as a PNG; the server decodes and re-encodes it like any upload.
 */
export function LogoCropper({ file, busy, onUpload, onCancel }: { file: File; busy: boolean; onUpload: (file: File) => void; onCancel: () => void }) {
  const id = useId();
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [unreadable, setUnreadable] = useState(false);
  const [crop, setCrop] = useState<LogoCrop>(WHOLE_PICTURE);
  const preview = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    // An <img> never runs an SVG's scripts, so the picture is shown here before the server has sanitised it.
    setImage(null);
    setUnreadable(false);
    const url = URL.createObjectURL(file);
    const img = new Image();
    // A picture with no size of its own (an SVG with only a viewBox) cannot be cut here; it goes up whole.
    img.onload = () => (img.naturalWidth > 0 && img.naturalHeight > 0 ? setImage(img) : setUnreadable(true));
    img.onerror = () => setUnreadable(true);
    img.src = url;
    return () => {
      // A file chosen after this one: this one's late load must not replace it.
      img.onload = img.onerror = null;
      URL.revokeObjectURL(url);
    };
  }, [file]);

  useEffect(() => {
    const canvas = preview.current;
    if (!canvas || !image) return;
    const g = canvas.getContext('2d')!;
    g.clearRect(0, 0, PREVIEW_PX, PREVIEW_PX);
    if (crop.mode === 'whole') {
      const at = fitInBox(image.naturalWidth, image.naturalHeight, PREVIEW_PX);
      g.drawImage(image, at.x, at.y, at.width, at.height);
    } else {
      const square = cropSquare(image.naturalWidth, image.naturalHeight, crop);
      g.drawImage(image, square.x, square.y, square.side, square.side, 0, 0, PREVIEW_PX, PREVIEW_PX);
    }
  }, [image, crop]);

  const [cutting, setCutting] = useState(false);
  const cropped = crop.mode === 'square' && image !== null;
  const upload = () => {
    if (!cropped) return onUpload(file);
    const square = cropSquare(image.naturalWidth, image.naturalHeight, crop);
    const side = croppedSide(square.side);
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = side;
    canvas.getContext('2d')!.drawImage(image, square.x, square.y, square.side, square.side, 0, 0, side, side);
    setCutting(true);
    canvas.toBlob((blob) => {
      setCutting(false);
      if (blob) onUpload(new File([blob], `${file.name.replace(/\.[^.]+$/, '') || 'logo'}.png`, { type: 'image/png' }));
    }, 'image/png');
  };

  const set = (patch: Partial<LogoCrop>) => setCrop((c) => ({ ...c, ...patch }));
  return (
    <div class="panel logo-cropper" data-testid="logo-cropper">
      <h3 class="logo-cropper__title">“{file.name}” as a logo</h3>
      <div class="logo-cropper__body">
        <div>
          <canvas
            ref={preview}
            width={PREVIEW_PX}
            height={PREVIEW_PX}
            class="logo-cropper__preview"
            role="img"
            aria-label={cropped ? 'The cropped square, as the logo’s box will show it' : 'The whole picture, fitted into the logo’s box'}
            data-testid="logo-crop-preview"
          />
          <p class="muted small">The square is the logo’s box in the code.</p>
        </div>
        <div>
          <fieldset class="logo-cropper__mode">
            <legend>Use</legend>
            <label>
              <input type="radio" name={`${id}-mode`} checked={!cropped} onChange={() => set({ mode: 'whole' })} /> The whole picture, fitted
            </label>
            <label>
              <input type="radio" name={`${id}-mode`} checked={cropped} disabled={!image} onChange={() => set({ mode: 'square' })} /> A square cut from it
            </label>
          </fieldset>
          {cropped ? (
            <>
              <Slider label="Zoom" value={crop.zoom} min={1} max={MAX_ZOOM} step={0.05} onValue={(zoom) => set({ zoom })} />
              <Slider label="Left to right" value={crop.x} min={0} max={1} step={0.01} onValue={(x) => set({ x })} />
              <Slider label="Top to bottom" value={crop.y} min={0} max={1} step={0.01} onValue={(y) => set({ y })} />
            </>
          ) : null}
          {unreadable ? (
            <p class="field__hint">This browser cannot show or cut the file; upload it whole and the server fits it, or says what is wrong with it.</p>
          ) : null}
          <div class="button-row">
            <Button kind="primary" disabled={busy || cutting} onClick={upload} label={busy || cutting ? 'Uploading…' : 'Upload logo'} />
            <Button disabled={busy || cutting} onClick={onCancel} label="Cancel" />
          </div>
        </div>
      </div>
    </div>
  );
}

/** A range input that says its value as a percentage (zoom 1.5 is 150 %, a position 0.5 is 50 %). */
function Slider(props: { label: string; value: number; min: number; max: number; step: number; onValue: (v: number) => void }) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>
        {props.label} <span class="muted">{Math.round(props.value * 100)} %</span>
      </label>
      <input
        id={id}
        type="range"
        min={props.min}
        max={props.max}
        step={props.step}
        value={props.value}
        onInput={(e) => props.onValue(Number((e.currentTarget as HTMLInputElement).value))}
      />
    </div>
  );
}
