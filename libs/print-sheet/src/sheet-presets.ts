import { inch, mm, type PageSize } from './units';

/** A grid on a page: margins and gutters in points, from the page's edges. */
export interface GridSpec {
  pageSize: PageSize;
  columns: number;
  rows: number;
  margin: { top: number; right: number; bottom: number; left: number };
  gutter: { x: number; y: number };
}

export interface SheetPreset extends GridSpec {
  id: string;
  label: string;
}

const grid = (pageSize: PageSize, columns: number, rows: number, top: number, side: number, gutterX: number, gutterY: number): GridSpec => ({
  pageSize,
  columns,
  rows,
  margin: { top, right: side, bottom: top, left: side },
  gutter: { x: gutterX, y: gutterY },
});

/**
 * Common label sheets and plain grids. The label sheets' geometry is their published template's
 * (label size, pitch, margins), so codes land inside each pre-cut label.
 */
export const SHEET_PRESETS: readonly SheetPreset[] = [
  { id: 'a4-3x7', label: 'A4 · 21 labels, 3 × 7, 63.5 × 38.1 mm (Avery L7160 and compatibles)', ...grid('A4', 3, 7, mm(15.15), mm(7.25), mm(2.5), 0) },
  { id: 'a4-2x7', label: 'A4 · 14 labels, 2 × 7, 99.1 × 38.1 mm (Avery L7163 and compatibles)', ...grid('A4', 2, 7, mm(15.15), mm(4.65), mm(2.5), 0) },
  { id: 'a4-4x6', label: 'A4 · grid of 24, 4 × 6, 10 mm margins, 5 mm gutters', ...grid('A4', 4, 6, mm(10), mm(10), mm(5), mm(5)) },
  { id: 'a4-1x1', label: 'A4 · one code per page', ...grid('A4', 1, 1, mm(20), mm(20), 0, 0) },
  {
    id: 'letter-3x10',
    label: 'Letter · 30 labels, 3 × 10, 2.625 × 1 in (Avery 5160 and compatibles)',
    ...grid('Letter', 3, 10, inch(0.5), inch(0.1875), inch(0.125), 0),
  },
  {
    id: 'letter-4x5',
    label: 'Letter · grid of 20, 4 × 5, 0.5 in margins, 0.2 in gutters',
    ...grid('Letter', 4, 5, inch(0.5), inch(0.5), inch(0.2), inch(0.2)),
  },
  { id: 'letter-1x1', label: 'Letter · one code per page', ...grid('Letter', 1, 1, inch(0.75), inch(0.75), 0, 0) },
];

export function presetById(id: string): SheetPreset | undefined {
  return SHEET_PRESETS.find((p) => p.id === id);
}
