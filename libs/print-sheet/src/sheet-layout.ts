import { check } from '@qr/api-contract';
import { type FieldError } from '@qr/domain';
import { GUTTER_DEFAULTS, type LabelKind, MARGIN_DEFAULTS, SheetLayoutInput } from './sheet-input';
import { type GridSpec, presetById } from './sheet-presets';
import { mm, PAGE_SIZES, type PageSize } from './units';

export interface SheetLayout extends GridSpec {
  label: LabelKind;
  cropMarks: boolean;
}

/** One slot of the grid, in PDF coordinates (points, origin at the page's bottom left). */
export interface Cell {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A code smaller than this (quiet zone included) does not scan reliably from a printed label. */
export const MIN_CODE_MM = 14;

/**
 * The layout of a print sheet from a request: a preset (`preset`), or a custom grid (`page_size`,
 * `columns`, `rows`, `margin_mm`, `gutter_mm`), plus `label` and `crop_marks`. Every problem is a
 * field error; a grid whose cells cannot hold a scannable code is refused.
 *
 * @example
 * parseSheetLayout({ preset: 'a4-3x7', label: 'name' }) // { ok: true, layout: { pageSize: 'A4', columns: 3, rows: 7, … } }
 */
export function parseSheetLayout(input: Record<string, unknown>): { ok: true; layout: SheetLayout } | { ok: false; errors: FieldError[] } {
  const checked = check(SheetLayoutInput, input);
  if (!checked.ok) return checked;
  const body = checked.value;
  const label = body.label ?? 'name';
  const grid = body.preset !== undefined && body.preset !== 'custom' ? presetById(body.preset)! : customGrid(body);
  const errors: FieldError[] = [];
  checkFits(grid, label, errors);
  if (errors.length) return { ok: false, errors };
  return { ok: true, layout: { ...grid, label, cropMarks: body.crop_marks ?? false } };
}

/** A custom grid from checked fields, the margins and gutters left out taking their defaults. */
function customGrid(body: SheetLayoutInput): GridSpec {
  return {
    pageSize: body.page_size as PageSize,
    columns: body.columns!,
    rows: body.rows!,
    margin: inPoints(MARGIN_DEFAULTS, body.margin_mm),
    gutter: inPoints(GUTTER_DEFAULTS, body.gutter_mm),
  };
}

/** Checked lengths in millimetres by side, as points; a side left out (or all, when the value is not an object) takes its default. */
function inPoints<Side extends string>(defaults: Readonly<Record<Side, number>>, given: Record<string, number> | undefined): Record<Side, number> {
  const sides = Object.entries<number>(defaults).map(([side, fallback]) => [side, mm(given?.[side] ?? fallback)]);
  return Object.fromEntries(sides) as Record<Side, number>;
}

function checkFits(grid: GridSpec, label: LabelKind, errors: FieldError[]): void {
  const [cell] = cellsOf(grid);
  if (cell.width <= 0 || cell.height <= 0) {
    errors.push({ pointer: '/rows', code: 'does_not_fit', detail: 'the margins and gutters leave no room for the cells' });
    return;
  }
  if (codeBox(cell, label).side < mm(MIN_CODE_MM)) {
    errors.push({
      pointer: '/rows',
      code: 'too_small',
      detail: `each code would be under ${MIN_CODE_MM} mm wide; use fewer rows or columns, or smaller margins`,
    });
  }
}

/** The cells of one page, row by row from the top left. */
export function cellsOf(grid: GridSpec): Cell[] {
  const page = PAGE_SIZES[grid.pageSize];
  const width = (page.width - grid.margin.left - grid.margin.right - grid.gutter.x * (grid.columns - 1)) / grid.columns;
  const height = (page.height - grid.margin.top - grid.margin.bottom - grid.gutter.y * (grid.rows - 1)) / grid.rows;
  const cells: Cell[] = [];
  for (let r = 0; r < grid.rows; r++) {
    for (let c = 0; c < grid.columns; c++) {
      cells.push({
        x: grid.margin.left + c * (width + grid.gutter.x),
        y: page.height - grid.margin.top - (r + 1) * height - r * grid.gutter.y,
        width,
        height,
      });
    }
  }
  return cells;
}

/** Where a cell puts its code (a square, quiet zone included) and its label line, with the label's font size. */
export function codeBox(cell: Cell, label: LabelKind): { x: number; y: number; side: number; fontSize: number; labelY: number } {
  const padding = Math.min(cell.width, cell.height) * 0.04;
  const fontSize = label === 'none' ? 0 : Math.max(6, Math.min(10, cell.height * 0.08));
  const labelHeight = label === 'none' ? 0 : fontSize * 1.5;
  const side = Math.max(0, Math.min(cell.width - 2 * padding, cell.height - 2 * padding - labelHeight));
  const blockHeight = side + labelHeight;
  const top = cell.y + (cell.height + blockHeight) / 2;
  return { x: cell.x + (cell.width - side) / 2, y: top - side, side, fontSize, labelY: top - side - fontSize * 1.1 };
}
