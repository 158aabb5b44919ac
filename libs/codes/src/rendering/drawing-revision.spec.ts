import { createHash } from 'node:crypto';
import { DEFAULT_DESIGN, type Design } from '@qr/qr-design';
import { type QrCodeRecord } from '../codes/qr-code-record';
import { DRAWING_REVISION } from './drawing-revision';
import { type ImageOptions } from './image-options';
import { renderImage } from './render-image';

const PAYLOAD = 'https://qr.example/AbC12xY';
const DESIGNED: Design = {
  ...DEFAULT_DESIGN,
  foreground: '#1d3557',
  gradient: { type: 'linear', start: '#1d3557', end: '#457b9d', rotation: 45 },
  modules: 'dots',
  eyes: { outer: 'rounded', inner: 'circle', color: '#e63946' },
  frame: { position: 'below', text: 'Scan me · 스캔', color: '#1d3557', text_color: '#ffffff' },
};
const FORMATS: ImageOptions['format'][] = ['svg', 'png', 'pdf'];

/**
 * What this release draws, as one digest, recorded with the revision it was drawn at. When the drawing
 * changes on purpose, move DRAWING_REVISION and record the new digest here, so that every client's
 * If-None-Match misses and it downloads the new image.
 */
const RECORDED = { revision: 1, digest: 'Y0NSW4hepo3wEcpsf2OggarVC-0uuLX-fZwxNzH5CZY' };

it('the images of a fixed set of codes change only together with DRAWING_REVISION', async () => {
  const hash = createHash('sha256');
  for (const design of [null, DESIGNED]) {
    const record = { id: 'qr_a', workspace_id: 'ws_a', revision: 1, design, updated_at: 0 } as unknown as QrCodeRecord;
    for (const format of FORMATS) hash.update(await renderImage(record, PAYLOAD, { format, size: null, margin: null, ecc: 'M' }));
  }
  const drawn = { revision: DRAWING_REVISION, digest: hash.digest('base64url') };
  if (drawn.revision === RECORDED.revision && drawn.digest !== RECORDED.digest) {
    throw new Error(`the images changed but DRAWING_REVISION did not: move it to ${RECORDED.revision + 1} and record digest ${drawn.digest}`);
  }
  expect(drawn).toEqual(RECORDED);
});
