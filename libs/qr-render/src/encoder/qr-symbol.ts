import type { EccLevel } from './ecc-level';
import type { QrMatrix } from './qr-matrix';

/** The encoder's QrMatrix: modules in one row-major byte array (1 = dark). */
export class QrSymbol implements QrMatrix {
  constructor(
    readonly version: number,
    readonly ecc: EccLevel,
    readonly mask: number,
    readonly size: number,
    /** Row-major modules, 1 = dark; not copied, so treat as read-only. */
    readonly modules: Uint8Array,
  ) {}

  isDark(x: number, y: number): boolean {
    const size = this.size;
    // Unsigned compare folds the negative checks in: -1 >>> 0 is huge.
    return x >>> 0 < size && y >>> 0 < size && this.modules[y * size + x] === 1;
  }
}
