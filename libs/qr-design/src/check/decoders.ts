import { readFileSync } from 'node:fs';
import jsQR from 'jsqr';
import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';
import type { Pixels } from '../output/drawing-to-pixels';

/** A decoder: the text it reads from the image, or null when it reads none. */
export type Decoder = (image: Pixels) => Promise<string | null>;

let zxingReady: Promise<unknown> | null = null;

/** ZXing-C++ as WebAssembly (the decoder behind most Android scanners), loaded from node_modules, never a CDN. */
function loadZxing(): Promise<unknown> {
  return (zxingReady ??= (() => {
    const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    return prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
      fireImmediately: true,
    });
  })());
}

// Neither decoder may try the inverted image: a phone's camera app does not always, so neither do we.
const ZXING_OPTIONS: ReaderOptions = { formats: ['QRCode'], maxNumberOfSymbols: 1, tryInvert: false, textMode: 'Plain' };

export const zxing: Decoder = async (image) => {
  await loadZxing();
  const [result] = await readBarcodes(
    { data: image.data, width: image.width, height: image.height, colorSpace: 'srgb' } as unknown as Parameters<typeof readBarcodes>[0],
    ZXING_OPTIONS,
  );
  return result?.isValid ? result.text : null;
};

/** jsQR: a JavaScript port of ZXing's older QR reader, with its own binariser and finder search. */
export const jsqr: Decoder = async (image) => jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;

export const DECODERS: Readonly<Record<'zxing' | 'jsqr', Decoder>> = { zxing, jsqr };
