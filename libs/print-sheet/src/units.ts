/** PDF user space is in points: 1/72 inch. */
export const PT_PER_MM = 72 / 25.4;
export const PT_PER_IN = 72;

export const mm = (v: number): number => v * PT_PER_MM;
export const inch = (v: number): number => v * PT_PER_IN;

export const PAGE_SIZES = {
  A4: { width: mm(210), height: mm(297) },
  Letter: { width: inch(8.5), height: inch(11) },
} as const;

export type PageSize = keyof typeof PAGE_SIZES;
