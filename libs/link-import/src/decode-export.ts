import { type ImportNote } from './imported-link';
import { MAX_EXPORT_BYTES } from './limits';

export type DecodedExport = { ok: true; text: string } | { ok: false; problem: ImportNote };

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * An uploaded export as text. UTF-8 with or without a byte order mark, or UTF-16 with one (what
 * Excel's "Unicode text" writes). Anything else is refused with the line of the first byte that is
 * not UTF-8, rather than guessed: a Latin-1 file read as UTF-8, or the other way round, would import
 * destinations and titles that differ from the printed ones without anyone noticing.
 *
 * @example decodeExport(new Uint8Array([0xef, 0xbb, 0xbf, 0x61])) // { ok: true, text: 'a' }
 */
export function decodeExport(input: Uint8Array | string): DecodedExport {
  if (typeof input === 'string') return checked(input.startsWith('\uFEFF') ? input.slice(1) : input);
  if (input.byteLength > MAX_EXPORT_BYTES) {
    return refuse('file_too_large', `The file has ${input.byteLength} bytes; an import reads at most ${MAX_EXPORT_BYTES} (16 MiB). Split it.`);
  }
  if (input[0] === 0xff && input[1] === 0xfe) return decodeStrict('utf-16le', input.subarray(2));
  if (input[0] === 0xfe && input[1] === 0xff) return decodeStrict('utf-16be', input.subarray(2));
  const body = UTF8_BOM.every((byte, i) => input[i] === byte) ? input.subarray(3) : input;
  return decodeStrict('utf-8', body);
}

function decodeStrict(encoding: 'utf-8' | 'utf-16le' | 'utf-16be', bytes: Uint8Array): DecodedExport {
  try {
    return checked(new TextDecoder(encoding, { fatal: true }).decode(bytes));
  } catch {
    // Decoded again leniently only to say where: the first replacement character marks the first bad byte.
    const lenient = new TextDecoder(encoding).decode(bytes);
    const line = lineAt(lenient, lenient.indexOf('\uFFFD'));
    return refuse(
      'not_utf8',
      `The file is not ${encoding === 'utf-8' ? 'UTF-8' : 'UTF-16'} text: line ${line} holds bytes that are not. ` +
        'It may be Latin-1 or Windows-1252; save it as UTF-8 ("CSV UTF-8" in Excel) and upload it again.',
    );
  }
}

function checked(text: string): DecodedExport {
  // NUL never occurs in a text export; it does in UTF-16 without a byte order mark and in binaries (a zip, an xlsx).
  const nul = text.indexOf('\u0000');
  if (nul >= 0) {
    return refuse(
      'not_text',
      `The file holds a NUL character on line ${lineAt(text, nul)}: it is not a text export (an .xlsx, or UTF-16 without a byte order mark?). Export it as CSV or JSON.`,
    );
  }
  if (text.trim() === '') return refuse('empty', 'The file is empty.');
  return { ok: true, text };
}

function lineAt(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

function refuse(code: string, detail: string): DecodedExport {
  return { ok: false, problem: { code, detail } };
}
