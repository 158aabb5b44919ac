/**
 * How a code looks. Every field has a default, so a stored design is always whole: the API reads
 * and writes partial designs, merged onto the defaults (create) or onto the stored design (PATCH).
 */
export const MODULE_SHAPES = ['square', 'rounded', 'dots'] as const;
export const EYE_SHAPES = ['square', 'rounded', 'circle'] as const;
export const GRADIENT_TYPES = ['linear', 'radial'] as const;
export const FRAME_POSITIONS = ['below', 'above'] as const;

export type ModuleShape = (typeof MODULE_SHAPES)[number];
export type EyeShape = (typeof EYE_SHAPES)[number];

/** Colours are `#rrggbb`, lower case (the parser also takes `#rgb` and upper case, and normalises). */
export type HexColor = string;

export interface Gradient {
  type: (typeof GRADIENT_TYPES)[number];
  start: HexColor;
  end: HexColor;
  /** Linear only: degrees clockwise, 0 = left to right, 90 = top to bottom. */
  rotation: number;
}

export interface Eyes {
  outer: EyeShape;
  inner: EyeShape;
  /** null: the modules' paint (foreground or gradient). */
  color: HexColor | null;
}

export interface Frame {
  position: (typeof FRAME_POSITIONS)[number];
  /** 1–30 characters (graphemes), any script the bundled fonts cover. */
  text: string;
  color: HexColor;
  text_color: HexColor;
}

export interface Logo {
  /** A logo of the workspace (`POST /logos`). */
  id: string;
  /** The logo's box as a fraction of the symbol's side, 0.05–0.3. */
  size: number;
  /** A padded patch of background behind the logo, with the modules under it left out. */
  background: boolean;
}

export interface Design {
  foreground: HexColor;
  background: HexColor;
  /** When set, it paints the modules (and eyes without a colour of their own) instead of `foreground`. */
  gradient: Gradient | null;
  modules: ModuleShape;
  eyes: Eyes;
  /** Quiet zone in modules, 2–16. */
  margin: number;
  frame: Frame | null;
  /** With a logo the code is encoded at error correction H, whatever was asked. */
  logo: Logo | null;
}

export const DEFAULT_DESIGN: Readonly<Design> = Object.freeze({
  foreground: '#000000',
  background: '#ffffff',
  gradient: null,
  modules: 'square',
  eyes: Object.freeze({ outer: 'square', inner: 'square', color: null }),
  margin: 4,
  frame: null,
  logo: null,
}) as Design;

export const MIN_MARGIN = 2;
export const MAX_MARGIN = 16;
export const MAX_FRAME_TEXT = 30;
export const MIN_LOGO_SIZE = 0.05;
export const MAX_LOGO_SIZE = 0.3;
export const DEFAULT_LOGO_SIZE = 0.2;

/** The error correction a design is encoded at: H under a logo (it hides modules), otherwise what was asked. */
export function eccOf<T extends 'L' | 'M' | 'Q' | 'H'>(design: Pick<Design, 'logo'> | null | undefined, requested: T): T | 'H' {
  return design?.logo ? 'H' : requested;
}

/** Whether a design draws exactly as the plain black-on-white code. */
export function isDefaultDesign(design: Design): boolean {
  return JSON.stringify(design) === JSON.stringify(DEFAULT_DESIGN);
}
