import { cellsOf, codeBox, MIN_CODE_MM, mm, parseSheetLayout, PAGE_SIZES, SHEET_PRESETS } from './index';

const near = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThan(0.01);

describe('presets', () => {
  it('A4 3 × 7 has 63.5 × 38.1 mm labels at the L7160 template’s positions', () => {
    const cells = cellsOf(SHEET_PRESETS.find((p) => p.id === 'a4-3x7')!);
    expect(cells).toHaveLength(21);
    near(cells[0].width, mm(63.5));
    near(cells[0].height, mm(38.1));
    near(cells[0].x, mm(7.25));
    near(cells[0].y + cells[0].height, PAGE_SIZES.A4.height - mm(15.15));
    near(cells[1].x - cells[0].x, mm(66));
    near(cells[20].y, mm(15.15));
  });

  it('Letter 3 × 10 has 2.625 × 1 in labels (5160)', () => {
    const [first] = cellsOf(SHEET_PRESETS.find((p) => p.id === 'letter-3x10')!);
    near(first.width, 2.625 * 72);
    near(first.height, 72);
  });

  it('every preset gives codes of a scannable size with labels', () => {
    for (const preset of SHEET_PRESETS) {
      const parsed = parseSheetLayout({ preset: preset.id, label: 'short_link' });
      expect(parsed.ok).toBe(true);
      const box = codeBox(cellsOf(preset)[0], 'short_link');
      expect(box.side).toBeGreaterThanOrEqual(mm(MIN_CODE_MM));
    }
  });
});

describe('parseSheetLayout', () => {
  it('takes a custom grid in millimetres, with defaults for what is left out', () => {
    const parsed = parseSheetLayout({
      page_size: 'Letter',
      columns: 2,
      rows: 3,
      margin_mm: { top: 20 },
      gutter_mm: { x: 0 },
      label: 'client_ref',
      crop_marks: true,
    });
    expect(parsed).toMatchObject({ ok: true, layout: { pageSize: 'Letter', columns: 2, rows: 3, label: 'client_ref', cropMarks: true } });
    if (!parsed.ok) return;
    near(parsed.layout.margin.top, mm(20));
    near(parsed.layout.margin.left, mm(10));
    expect(parsed.layout.gutter.x).toBe(0);
    near(parsed.layout.gutter.y, mm(5));
  });

  it('reports every problem with its pointer', () => {
    const parsed = parseSheetLayout({ page_size: 'A3', columns: 0, rows: 2.5, margin_mm: { left: -1 }, label: 'logo', crop_marks: 'yes' });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors.map((e) => e.pointer).sort()).toEqual(['/columns', '/crop_marks', '/label', '/margin_mm/left', '/page_size', '/rows']);
  });

  it('refuses an unknown preset, and a grid whose codes would be too small to scan', () => {
    expect(parseSheetLayout({ preset: 'a5-9x9' })).toEqual({ ok: false, errors: [{ pointer: '/preset', code: 'invalid', detail: expect.any(String) }] });
    const tiny = parseSheetLayout({ page_size: 'A4', columns: 20, rows: 20 });
    expect(tiny).toMatchObject({ ok: false, errors: [{ pointer: '/rows', code: 'too_small' }] });
    const crushed = parseSheetLayout({ page_size: 'A4', columns: 3, rows: 1, gutter_mm: { x: 100 } });
    expect(crushed).toMatchObject({ ok: false, errors: [{ code: 'does_not_fit' }] });
  });
});

describe('codeBox', () => {
  it('centres a square code in the cell and puts the label under it, inside the cell', () => {
    const cell = { x: 100, y: 200, width: 180, height: 108 };
    const box = codeBox(cell, 'name');
    expect(box.x).toBeCloseTo(cell.x + (cell.width - box.side) / 2);
    expect(box.y + box.side).toBeLessThanOrEqual(cell.y + cell.height);
    expect(box.labelY).toBeGreaterThan(cell.y);
    expect(box.labelY).toBeLessThan(box.y);
    expect(codeBox(cell, 'none').side).toBeGreaterThan(box.side);
  });
});
