import { Declaration } from '../engine/declare';
import { fault, type Fault } from '../engine/fault';
import { Field, Out } from '../engine/fields';
import { nameFaults } from '../engine/text-faults';

/** The optional name of an uploaded logo, whichever way the file came (JSON here, or a multipart field). */
export function logoNameFaults(name: unknown): Fault[] {
  return name === null || name === undefined ? [] : nameFaults(name, 200);
}

/**
 * POST /logos as JSON: the file in base64. (As multipart/form-data the file is the part named `file`;
 * the gateway reads that stream itself.) The image's own rules are prepareLogo's.
 */
@Declaration()
export class LogoUpload {
  @Field(logoNameFaults, { type: 'string', minLength: 1, maxLength: 200 })
  name?: string | null;

  @Field(
    (data) => {
      if (typeof data !== 'string') return [fault('required', 'data is the file, in base64')];
      return /^[A-Za-z0-9+/=\s]*$/.test(data) ? [] : [fault('invalid', 'data must be base64')];
    },
    { type: 'string', contentEncoding: 'base64', description: 'The file (PNG, JPEG or SVG), in base64' },
    { required: true, seesAbsence: true },
  )
  data!: string;
}

/**
 * POST /logos as multipart/form-data, for the document only: the gateway reads the stream itself
 * (libs/gateway/src/qrcodes/logo-upload.ts) and checks `name` with logoNameFaults.
 */
@Declaration({ answer: true })
export class LogoUploadForm {
  @Out({ type: 'string', minLength: 1, maxLength: 200 }, { optional: true })
  name?: string;

  @Out({ type: 'string', contentMediaType: 'application/octet-stream', description: 'PNG, JPEG or SVG, at most 1 MB' })
  file!: unknown;
}
