import Busboy from 'busboy';
import type { Request } from 'express';
import { LogoUpload, readDeclared } from '@qr/api-contract';
import { ApiError, Errors, isPlainObject } from '@qr/domain';
import { LogoRejected, MAX_LOGO_BYTES, prepareLogo } from '@qr/qr-design';

/**
 * A logo from `POST /logos`: `multipart/form-data` with the file in a part named `file` (and an
 * optional `name` field), or JSON `{name?, data}` with the file in base64. The bytes are checked and
 * re-encoded by `prepareLogo` here, at the edge, so qr-service stores a PNG we drew; a refusal is a
 * 422 at the field that held the file.
 */
export async function readLogoUpload(req: Request) {
  const { bytes, name, pointer } = req.is('multipart/form-data') ? await readMultipart(req) : readJson(req);
  try {
    const logo = await prepareLogo(bytes);
    return { name, png_base64: logo.png.toString('base64'), width: logo.width, height: logo.height, source_type: logo.sourceType, source_bytes: bytes.length };
  } catch (err) {
    if (err instanceof LogoRejected) throw Errors.validationFailed([{ pointer, code: err.code, detail: err.message }]);
    throw err;
  }
}

function readJson(req: Request): { bytes: Buffer; name: unknown; pointer: string } {
  if (!req.is('application/json')) {
    throw new ApiError(
      415,
      'unsupported_media_type',
      'Unsupported media type',
      'Send the logo as multipart/form-data (a part named file) or as JSON {name, data} with the file in base64.',
    );
  }
  // A body that is not an object has no data: the answer points at /data, as it always has.
  const body = readDeclared(LogoUpload, isPlainObject(req.body) ? req.body : {});
  return { bytes: Buffer.from(body.data, 'base64'), name: body.name, pointer: '/data' };
}

function readMultipart(req: Request): Promise<{ bytes: Buffer; name: unknown; pointer: string }> {
  return new Promise((resolve, reject) => {
    let parser: Busboy.Busboy;
    try {
      parser = Busboy({ headers: req.headers, limits: { files: 1, fields: 4, fileSize: MAX_LOGO_BYTES + 1, parts: 6 } });
    } catch {
      return reject(Errors.validationFailed([{ pointer: '/file', code: 'invalid', detail: 'the multipart body has no boundary' }]));
    }
    const chunks: Buffer[] = [];
    let found = false;
    let tooLarge = false;
    let name: unknown;
    parser.on('file', (field, stream) => {
      if (field !== 'file') return void stream.resume();
      found = true;
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => (tooLarge = true));
    });
    parser.on('field', (field, value) => {
      if (field === 'name') name = value;
    });
    parser.on('error', () => reject(Errors.validationFailed([{ pointer: '/file', code: 'invalid', detail: 'the multipart body could not be read' }])));
    parser.on('close', () => {
      if (!found) return reject(Errors.validationFailed([{ pointer: '/file', code: 'required', detail: 'send the logo in a part named file' }]));
      if (tooLarge) return reject(Errors.validationFailed([{ pointer: '/file', code: 'too_large', detail: 'a logo is at most 1 MB' }]));
      resolve({ bytes: Buffer.concat(chunks), name, pointer: '/file' });
    });
    req.pipe(parser);
  });
}
