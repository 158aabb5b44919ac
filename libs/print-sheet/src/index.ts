// Print sheets: many codes on labelled grids as one vector PDF. Layout math (presets, custom grids,
// where each code and label goes), which font draws each part of a label, and the sheet drawn with
// pdfkit a page at a time. The codes' patterns come in as matrices, the PDF goes out as chunks.
export { PAGE_SIZES, type PageSize, mm, inch } from './units';
export { SHEET_PRESETS, presetById, type SheetPreset, type GridSpec } from './sheet-presets';
export { parseSheetLayout, cellsOf, codeBox, MIN_CODE_MM, type SheetLayout, type Cell } from './sheet-layout';
export { renderSheet, type SheetCode } from './render-sheet';
export { parseSheetSelection, type SheetSelection } from './sheet-selection';
export { MAX_SHEET_CODES } from './sheet-input';
