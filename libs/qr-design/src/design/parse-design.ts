import { type FieldError, fieldError, isPlainObject, unknownFields } from '@qr/domain';
import { normalizeHexColor } from './contrast';
import {
  DEFAULT_LOGO_SIZE,
  type Design,
  EYE_SHAPES,
  FRAME_POSITIONS,
  GRADIENT_TYPES,
  MAX_FRAME_TEXT,
  MAX_LOGO_SIZE,
  MAX_MARGIN,
  MIN_LOGO_SIZE,
  MIN_MARGIN,
  MODULE_SHAPES,
} from './design';

export type ParsedDesign = { ok: true; design: Design } | { ok: false; errors: FieldError[] };

const DESIGN_FIELDS = ['foreground', 'background', 'gradient', 'modules', 'eyes', 'margin', 'frame', 'logo'] as const;
const LOGO_FIELDS = ['id', 'size', 'background'] as const;
const LOGO_DEFAULTS = { size: DEFAULT_LOGO_SIZE, background: true };
const GRADIENT_FIELDS = ['type', 'start', 'end', 'rotation'] as const;
const EYE_FIELDS = ['outer', 'inner', 'color'] as const;
const FRAME_FIELDS = ['position', 'text', 'color', 'text_color'] as const;

const GRADIENT_DEFAULTS = { type: 'linear', rotation: 0 };
const FRAME_DEFAULTS = { position: 'below', color: '#000000', text_color: '#ffffff' };

/**
 * Applies a design from a request onto `base` as a JSON merge patch (RFC 7386): a field given
 * replaces the stored one, `null` clears an optional part (gradient, eye colour, frame), and nested
 * objects merge field by field. The result is checked whole, so every error names its field.
 *
 * @example
 * applyDesign(DEFAULT_DESIGN, { foreground: '#1A1A2E', modules: 'dots' }, '/design')
 */
export function applyDesign(base: Design, patch: unknown, at: string): ParsedDesign {
  if (!isPlainObject(patch)) return { ok: false, errors: [fieldError(at, 'invalid_type', 'design must be a JSON object (or null for the default design).')] };
  const errors = unknownFields(patch, DESIGN_FIELDS, at);
  const merged = mergePatch(base, patch) as Record<string, unknown>;
  // Parts that were absent take their defaults for the fields the request left out.
  if (isPlainObject(patch.gradient) && base.gradient === null) merged.gradient = { ...GRADIENT_DEFAULTS, ...patch.gradient };
  if (isPlainObject(patch.frame) && base.frame === null) merged.frame = { ...FRAME_DEFAULTS, ...patch.frame };
  if (isPlainObject(patch.logo) && !base.logo) merged.logo = { ...LOGO_DEFAULTS, ...patch.logo };
  if (isPlainObject(patch.logo)) errors.push(...unknownFields(patch.logo, LOGO_FIELDS, `${at}/logo`));
  if (isPlainObject(patch.gradient)) errors.push(...unknownFields(patch.gradient, GRADIENT_FIELDS, `${at}/gradient`));
  if (isPlainObject(patch.eyes)) errors.push(...unknownFields(patch.eyes, EYE_FIELDS, `${at}/eyes`));
  if (isPlainObject(patch.frame)) errors.push(...unknownFields(patch.frame, FRAME_FIELDS, `${at}/frame`));
  if (errors.length) return { ok: false, errors };
  return checkDesign(merged, at);
}

/** `patch` onto `base` as a JSON merge patch (RFC 7386), unchecked: `applyDesign` checks the result. */
export function designMergePatch(base: Design, patch: unknown): unknown {
  return mergePatch(base, patch);
}

function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return patch;
  const out: Record<string, unknown> = isPlainObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    out[key] = value === null ? null : mergePatch(out[key], value);
  }
  return out;
}

function checkDesign(d: Record<string, unknown>, at: string): ParsedDesign {
  const errors: FieldError[] = [];
  const color = (value: unknown, pointer: string, nullable = false): string | null => {
    if (nullable && value === null) return null;
    const hex = normalizeHexColor(value);
    if (hex === null) errors.push(fieldError(pointer, 'invalid_color', 'a colour is #rrggbb (or #rgb), without transparency'));
    return hex;
  };
  const oneOf = <T extends string>(value: unknown, allowed: readonly T[], pointer: string): T => {
    if (!allowed.includes(value as T)) errors.push(fieldError(pointer, 'invalid', `must be one of ${allowed.join(', ')}`));
    return value as T;
  };
  const object = (value: unknown, pointer: string): Record<string, unknown> | null => {
    if (value === null) return null;
    if (!isPlainObject(value)) errors.push(fieldError(pointer, 'invalid_type', 'Must be a JSON object or null.'));
    return isPlainObject(value) ? value : null;
  };

  const foreground = color(d.foreground, `${at}/foreground`);
  const background = color(d.background, `${at}/background`);
  const g = object(d.gradient, `${at}/gradient`);
  const gradient = g && {
    type: oneOf(g.type, GRADIENT_TYPES, `${at}/gradient/type`),
    start: color(g.start, `${at}/gradient/start`)!,
    end: color(g.end, `${at}/gradient/end`)!,
    rotation: g.rotation as number,
  };
  if (gradient && (typeof gradient.rotation !== 'number' || !Number.isInteger(gradient.rotation) || gradient.rotation < 0 || gradient.rotation > 359)) {
    errors.push(fieldError(`${at}/gradient/rotation`, 'out_of_range', 'rotation is an integer from 0 to 359 (degrees clockwise from left to right)'));
  }
  const modules = oneOf(d.modules, MODULE_SHAPES, `${at}/modules`);
  const e = object(d.eyes, `${at}/eyes`);
  if (e === null && d.eyes === null) errors.push(fieldError(`${at}/eyes`, 'invalid_type', 'eyes cannot be null; give the shapes to change'));
  const eyes = e && {
    outer: oneOf(e.outer, EYE_SHAPES, `${at}/eyes/outer`),
    inner: oneOf(e.inner, EYE_SHAPES, `${at}/eyes/inner`),
    color: color(e.color, `${at}/eyes/color`, true),
  };
  if (typeof d.margin !== 'number' || !Number.isInteger(d.margin) || d.margin < MIN_MARGIN || d.margin > MAX_MARGIN) {
    errors.push(fieldError(`${at}/margin`, 'out_of_range', `margin (the quiet zone) is an integer from ${MIN_MARGIN} to ${MAX_MARGIN} modules`));
  }
  const f = object(d.frame, `${at}/frame`);
  const frame = f && {
    position: oneOf(f.position, FRAME_POSITIONS, `${at}/frame/position`),
    text: frameText(f.text, `${at}/frame/text`, errors),
    color: color(f.color, `${at}/frame/color`)!,
    text_color: color(f.text_color, `${at}/frame/text_color`)!,
  };
  const l = object(d.logo ?? null, `${at}/logo`);
  const logo = l && { id: l.id as string, size: l.size as number, background: l.background as boolean };
  if (logo) {
    if (typeof logo.id !== 'string' || !/^logo_[0-9A-Za-z]{24}$/.test(logo.id))
      errors.push(fieldError(`${at}/logo/id`, 'invalid', 'the id of a logo of this workspace (POST /logos)'));
    if (typeof logo.size !== 'number' || !Number.isFinite(logo.size) || logo.size < MIN_LOGO_SIZE) {
      errors.push(fieldError(`${at}/logo/size`, 'out_of_range', `the logo's size is a fraction of the code's side from ${MIN_LOGO_SIZE} to ${MAX_LOGO_SIZE}`));
    } else if (logo.size > MAX_LOGO_SIZE) {
      errors.push(
        fieldError(
          `${at}/logo/size`,
          'logo_too_large',
          `a logo covering ${Math.round(logo.size * 100)}% of the code's side hides too much of it to scan; at most ${MAX_LOGO_SIZE * 100}%`,
        ),
      );
    }
    if (typeof logo.background !== 'boolean') errors.push(fieldError(`${at}/logo/background`, 'invalid_type', 'true or false'));
  }
  if (errors.length) return { ok: false, errors };
  return { ok: true, design: { foreground: foreground!, background: background!, gradient, modules, eyes: eyes!, margin: d.margin as number, frame, logo } };
}

const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

function frameText(value: unknown, pointer: string, errors: FieldError[]): string {
  const text = typeof value === 'string' ? value.normalize('NFC').replace(/\s+/g, ' ').trim() : '';
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (typeof value !== 'string' || text === '' || /[\u0000-\u001f\u007f]/.test(value)) {
    errors.push(fieldError(pointer, 'invalid', 'the frame text is 1 to 30 characters of text'));
  } else if ([...graphemes.segment(text)].length > MAX_FRAME_TEXT) {
    errors.push(fieldError(pointer, 'too_long', `the frame text is at most ${MAX_FRAME_TEXT} characters`));
  }
  return text;
}
