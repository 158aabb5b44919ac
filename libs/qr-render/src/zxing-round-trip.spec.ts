import { readFileSync } from 'node:fs';
import type { ReaderOptions } from 'zxing-wasm/reader';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import type { EccLevel } from './index';
import { encodeText, QrCapacityError } from './index';
import { rasterize } from './testing/rasterize';
import { LONG_PROSE, SAMPLE_TEXTS } from './testing/sample-texts';

/**
 * Decodes our symbols with ZXing-C++ (WebAssembly): the decoder behind most Android scanners.
 * The .wasm comes from the installed package, never from the CDN the library defaults to.
 */
beforeAll(async () => {
  const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  await prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
    fireImmediately: true,
  });
});

/**
 * Without an ECI, ISO/IEC 18004 says byte mode is ISO-8859-1, and that is the fallback we pin:
 * ZXing's default would guess UTF-8 from the bytes and hide a missing designator.
 */
const READER_OPTIONS: ReaderOptions = { formats: ['QRCode'], textMode: 'Plain', characterSet: 'ISO8859_1', maxNumberOfSymbols: 1 };

async function decode(text: string, ecc: EccLevel): Promise<{ text: string; hasECI: boolean; ecLevel: string; version: string }> {
  const matrix = encodeText(text, { ecc });
  const results = await readBarcodes(rasterize(matrix, 3), READER_OPTIONS);
  expect(results).toHaveLength(1);
  const [result] = results;
  expect(result.isValid).toBe(true);
  expect(result.version).toBe(String(matrix.version));
  return result;
}

const LEVELS: EccLevel[] = ['L', 'M', 'Q', 'H'];
const isAscii = (text: string): boolean => [...text].every((c) => c.charCodeAt(0) < 0x80);

describe('decoding with ZXing-C++ returns exactly the input', () => {
  describe.each(Object.entries(SAMPLE_TEXTS))('%s', (_name, text) => {
    it.each(LEVELS)('at level %s', async (ecc) => {
      const result = await decode(text, ecc);
      expect(result.text).toBe(text);
      expect(result.ecLevel).toBe(ecc);
      // UTF-8 is announced with ECI 26 exactly when the text needs it.
      expect(result.hasECI).toBe(!isAscii(text));
    });
  });

  it.each(['L', 'M'] as const)('~2,000 bytes of prose at level %s', async (ecc) => {
    expect((await decode(LONG_PROSE, ecc)).text).toBe(LONG_PROSE);
  });

  it.each(['Q', 'H'] as const)('~2,000 bytes of prose do not fit at level %s', (ecc) => {
    expect(() => encodeText(LONG_PROSE, { ecc })).toThrow(QrCapacityError);
  });
});
