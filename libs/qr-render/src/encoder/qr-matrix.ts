import type { EccLevel } from './ecc-level';

/** A finished QR symbol: what the renderers draw. Coordinates are modules, (0, 0) top left. */
export interface QrMatrix {
  /** Symbol version 1–40; the side is `4 * version + 17` modules. */
  readonly version: number;
  readonly ecc: EccLevel;
  /** The data mask (0–7) the penalty rules chose. */
  readonly mask: number;
  /** Modules per side, without the quiet zone. */
  readonly size: number;
  /** Whether the module at column x, row y is dark; anything outside the symbol is light (quiet zone). */
  isDark(x: number, y: number): boolean;
}
