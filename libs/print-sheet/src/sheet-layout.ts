import { type FieldError } from '@qr/domain';
import { type GridSpec, presetById } from './sheet-presets';
import { mm, PAGE_SIZES, type PageSize } from './units';

export const LABEL_KINDS = ['name', 'client_ref', 'short_link', 'none'] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];

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
const MAX_CELLS = 400;

/**
 * The layout of a print sheet from a request: a preset (`preset`), or a custom grid (`page_size`,
 * `columns`, `rows`, `margin_mm`, `gutter_mm`), plus `label` and `crop_marks`. Every problem is a
 * field error; a grid whose cells cannot hold a scannable code is refused.
 *
 * @example
 * parseSheetLayout({ preset: 'a4-3x7', label: 'name' }) // { ok: true, layout: { pageSize: 'A4', columns: 3, rows: 7, … } }
 */
export function parseSheetLayout(input: Record<string, unknown>): { ok: true; layout: SheetLayout } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const label = input.label ?? 'name';
  if (!(LABEL_KINDS as readonly unknown[]).includes(label))
    errors.push({ pointer: '/label', code: 'invalid', detail: `label must be one of ${LABEL_KINDS.join(', ')}` });
  const cropMarks = input.crop_marks ?? false;
  if (typeof cropMarks !== 'boolean') errors.push({ pointer: '/crop_marks', code: 'invalid_type', detail: 'crop_marks must be true or false' });
  const grid = input.preset !== undefined && input.preset !== 'custom' ? presetGrid(input.preset, errors) : customGrid(input, errors);
  if (grid && errors.length === 0) checkFits(grid, label as LabelKind, errors);
  if (!grid || errors.length) return { ok: false, errors };
  return { ok: true, layout: { ...grid, label: label as LabelKind, cropMarks: cropMarks as boolean } };
}

function presetGrid(id: unknown, errors: FieldError[]): GridSpec | null {
  const preset = typeof id === 'string' ? presetById(id) : undefined;
  if (!preset) errors.push({ pointer: '/preset', code: 'invalid', detail: 'no such preset' });
  return preset ?? null;
}

function customGrid(input: Record<string, unknown>, errors: FieldError[]): GridSpec | null {
  const pageSize = input.page_size;
  if (pageSize !== 'A4' && pageSize !== 'Letter') errors.push({ pointer: '/page_size', code: 'invalid', detail: 'page_size must be A4 or Letter' });
  const int = (key: 'columns' | 'rows') => {
    const v = input[key];
    if (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 20) return v;
    errors.push({ pointer: `/${key}`, code: 'invalid', detail: `${key} must be a whole number from 1 to 20` });
    return 1;
  };
  const columns = int('columns');
  const rows = int('rows');
  if (columns * rows > MAX_CELLS) errors.push({ pointer: '/rows', code: 'invalid', detail: `at most ${MAX_CELLS} cells a page` });
  const length = (pointer: string, v: unknown, max: number) => {
    if (typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= max) return mm(v);
    errors.push({ pointer, code: 'invalid', detail: `must be a length in millimetres from 0 to ${max}` });
    return 0;
  };
  const margin = (input.margin_mm ?? {}) as Record<string, unknown>;
  const gutter = (input.gutter_mm ?? {}) as Record<string, unknown>;
  const spec: GridSpec = {
    pageSize: pageSize as PageSize,
    columns,
    rows,
    margin: {
      top: length('/margin_mm/top', margin.top ?? 10, 100),
      right: length('/margin_mm/right', margin.right ?? 10, 100),
      bottom: length('/margin_mm/bottom', margin.bottom ?? 10, 100),
      left: length('/margin_mm/left', margin.left ?? 10, 100),
    },
    gutter: { x: length('/gutter_mm/x', gutter.x ?? 5, 100), y: length('/gutter_mm/y', gutter.y ?? 5, 100) },
  };
  return errors.length ? null : spec;
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
