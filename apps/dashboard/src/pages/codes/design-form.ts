import { DEFAULT_DESIGN, type Design, type EyeShape, type ModuleShape } from '@qr/qr-design/browser';

/** A code's design as the design panel edits it: optional parts switched on and off, numbers as text. */
export interface DesignForm {
  foreground: string;
  background: string;
  gradient: boolean;
  gradient_type: 'linear' | 'radial';
  gradient_start: string;
  gradient_end: string;
  gradient_rotation: string;
  modules: ModuleShape;
  eye_outer: EyeShape;
  eye_inner: EyeShape;
  eye_color_on: boolean;
  eye_color: string;
  margin: string;
  frame: boolean;
  frame_position: 'below' | 'above';
  frame_text: string;
  frame_color: string;
  frame_text_color: string;
  /** '' for no logo. */
  logo_id: string;
  /** Percent of the symbol's side, as typed. */
  logo_size: string;
  logo_background: boolean;
}

export function designForm(design: Design = DEFAULT_DESIGN): DesignForm {
  return {
    foreground: design.foreground,
    background: design.background,
    gradient: design.gradient !== null,
    gradient_type: design.gradient?.type ?? 'linear',
    gradient_start: design.gradient?.start ?? design.foreground,
    gradient_end: design.gradient?.end ?? '#4a148c',
    gradient_rotation: String(design.gradient?.rotation ?? 45),
    modules: design.modules,
    eye_outer: design.eyes.outer,
    eye_inner: design.eyes.inner,
    eye_color_on: design.eyes.color !== null,
    eye_color: design.eyes.color ?? design.foreground,
    margin: String(design.margin),
    frame: design.frame !== null,
    frame_position: design.frame?.position ?? 'below',
    frame_text: design.frame?.text ?? 'Scan me',
    frame_color: design.frame?.color ?? '#000000',
    frame_text_color: design.frame?.text_color ?? '#ffffff',
    logo_id: design.logo?.id ?? '',
    logo_size: String(Math.round((design.logo?.size ?? 0.2) * 100)),
    logo_background: design.logo?.background ?? true,
  };
}

const int = (text: string): number | string => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : text);
/** "25" (percent) as 0.25; anything else goes as typed, for the server to name. */
const percent = (text: string): number | string => (/^\d+(\.\d+)?$/.test(text.trim()) ? Math.round(Number(text.trim()) * 10) / 1000 : text);

/**
 * The API's `design`, whole: every part given, the ones switched off as null, so the same body
 * creates a code and (as a merge patch that replaces every field) edits one. Values go as typed; the
 * server names what is wrong at its pointer.
 */
export function designBody(f: DesignForm): Record<string, unknown> {
  return {
    foreground: f.foreground,
    background: f.background,
    gradient: f.gradient ? { type: f.gradient_type, start: f.gradient_start, end: f.gradient_end, rotation: int(f.gradient_rotation) } : null,
    modules: f.modules,
    eyes: { outer: f.eye_outer, inner: f.eye_inner, color: f.eye_color_on ? f.eye_color : null },
    margin: int(f.margin),
    frame: f.frame ? { position: f.frame_position, text: f.frame_text, color: f.frame_color, text_color: f.frame_text_color } : null,
    logo: f.logo_id ? { id: f.logo_id, size: percent(f.logo_size), background: f.logo_background } : null,
  };
}

/** What a design sets differently from a preset's: the overrides a code that follows it keeps. */
export function overridesOf(body: Record<string, unknown>, preset: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(preset[key] ?? null)));
}

/** Whether the form draws the plain code (then a create leaves `design` out). */
export function isDefaultDesignForm(f: DesignForm): boolean {
  return JSON.stringify(designBody(f)) === JSON.stringify(designBody(designForm()));
}
