import { Errors, type FieldError } from '@qr/domain';
import { type EccLevel } from '@qr/qr-render';

export interface ImageOptions {
  format: 'svg' | 'png' | 'pdf';
  /** Pixels for svg/png, points for pdf; null lets the renderer choose. */
  size: number | null;
  margin: number;
  ecc: EccLevel;
}

const FORMATS = ['svg', 'png', 'pdf'] as const;
const ECC = ['L', 'M', 'Q', 'H'] as const;

/** `?format=svg|png|pdf&size=64..4096&margin=0..16&ecc=L|M|Q|H` (defaults: svg, renderer's size, 4, M). */
export function parseImageOptions(query: Record<string, unknown>): ImageOptions {
  const errors: FieldError[] = [];
  const int = (key: string, min: number, max: number, fallback: number | null) => {
    if (query[key] === undefined) return fallback;
    const n = Number(query[key]);
    if (!Number.isInteger(n) || n < min || n > max)
      errors.push({ pointer: `/${key}`, code: 'invalid', detail: `${key} must be an integer from ${min} to ${max}` });
    return n;
  };
  const pick = <T extends string>(key: string, allowed: readonly T[], fallback: T): T => {
    const v = query[key] ?? fallback;
    if (typeof v === 'string' && (allowed as readonly string[]).includes(v)) return v as T;
    errors.push({ pointer: `/${key}`, code: 'invalid', detail: `${key} must be one of ${allowed.join(', ')}` });
    return fallback;
  };
  for (const key of Object.keys(query)) {
    if (!['format', 'size', 'margin', 'ecc'].includes(key)) errors.push({ pointer: `/${key}`, code: 'unknown_parameter', detail: 'unknown query parameter' });
  }
  const options = { format: pick('format', FORMATS, 'svg'), size: int('size', 64, 4096, null), margin: int('margin', 0, 16, 4)!, ecc: pick('ecc', ECC, 'M') };
  if (errors.length) throw Errors.validationFailed(errors, 'The query parameters are not valid.');
  return options;
}
