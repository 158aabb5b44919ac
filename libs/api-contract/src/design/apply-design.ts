import { type FieldError, isPlainObject } from '@qr/domain';
import { DEFAULT_LOGO_SIZE, type Design as DesignModel, normalizeHexColor } from '@qr/qr-design';
import { check } from '../engine/validate';
import { Design, frameTextOf } from './design';

export type ParsedDesign = { ok: true; design: DesignModel } | { ok: false; errors: FieldError[] };

const GRADIENT_DEFAULTS = { type: 'linear', rotation: 0 };
const FRAME_DEFAULTS = { position: 'below', color: '#000000', text_color: '#ffffff' };
const LOGO_DEFAULTS = { size: DEFAULT_LOGO_SIZE, background: true };

/**
 * Applies a design from a request onto `base` as a JSON merge patch (RFC 7386): a field given
 * replaces the stored one, `null` clears an optional part (gradient, eye colour, frame), and nested
 * objects merge field by field. The result is checked whole against the Design declaration, so every
 * error names its field; a patch with unknown fields is answered with those alone.
 *
 * @example
 * applyDesign(DEFAULT_DESIGN, { foreground: '#1A1A2E', modules: 'dots' }, '/design')
 */
export function applyDesign(base: DesignModel, patch: unknown, at: string): ParsedDesign {
  if (!isPlainObject(patch))
    return { ok: false, errors: [{ pointer: at, code: 'invalid_type', detail: 'design must be a JSON object (or null for the default design).' }] };
  const merged = designMergePatch(base, patch) as Record<string, unknown>;
  // Parts that were absent take their defaults for the fields the request left out.
  if (isPlainObject(patch.gradient) && base.gradient === null) merged.gradient = { ...GRADIENT_DEFAULTS, ...patch.gradient };
  if (isPlainObject(patch.frame) && base.frame === null) merged.frame = { ...FRAME_DEFAULTS, ...patch.frame };
  if (isPlainObject(patch.logo) && !base.logo) merged.logo = { ...LOGO_DEFAULTS, ...patch.logo };
  const checked = check(Design, merged, at);
  if (!checked.ok) {
    const unknown = checked.errors.filter((e) => e.code === 'unknown_field');
    return { ok: false, errors: unknown.length ? unknown : checked.errors };
  }
  return { ok: true, design: normalized(merged as unknown as DesignModel) };
}

/** `patch` onto `target` (a stored design) as a JSON merge patch (RFC 7386), unchecked: `applyDesign` checks the result. */
export function designMergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return patch;
  const out: Record<string, unknown> = isPlainObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    out[key] = value === null ? null : designMergePatch(out[key], value);
  }
  return out;
}

/** A checked design as stored: colours as lower-case `#rrggbb`, the frame text as drawn, nothing else carried along. */
function normalized(d: DesignModel): DesignModel {
  const color = (value: string) => normalizeHexColor(value)!;
  return {
    foreground: color(d.foreground),
    background: color(d.background),
    gradient: d.gradient && { type: d.gradient.type, start: color(d.gradient.start), end: color(d.gradient.end), rotation: d.gradient.rotation },
    modules: d.modules,
    eyes: { outer: d.eyes.outer, inner: d.eyes.inner, color: d.eyes.color === null ? null : color(d.eyes.color) },
    margin: d.margin,
    frame: d.frame && { position: d.frame.position, text: frameTextOf(d.frame.text), color: color(d.frame.color), text_color: color(d.frame.text_color) },
    logo: d.logo ? { id: d.logo.id, size: d.logo.size, background: d.logo.background } : null,
  };
}
