/** Quiet zone ISO/IEC 18004 asks for: four modules on every side. */
export const DEFAULT_MARGIN = 4;
/** Upper bounds that keep a request parameter from allocating gigabytes. */
const MAX_MARGIN = 100;

/** The quiet zone in modules: an integer from 0 to 100 (default 4). */
export function resolveMargin(margin: number | undefined): number {
  return checkInteger(margin ?? DEFAULT_MARGIN, 0, MAX_MARGIN, 'margin');
}

/** A positive, finite length (an SVG size in px or a PDF page size in pt). */
export function checkPositive(value: number, name: string, max: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > max) {
    throw new RangeError(`${name} must be a number above 0 and at most ${max}, got ${String(value)}`);
  }
  return value;
}

function checkInteger(value: number, min: number, max: number, name: string): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be an integer from ${min} to ${max}, got ${String(value)}`);
  }
  return value;
}
