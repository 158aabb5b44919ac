/**
 * How a code looks: the design model, one drawing of a designed code (paths in module
 * units) for every output (SVG, PNG through resvg, vector PDF), the label fonts and the scannability
 * check (colour rules, then two independent decoders on a 2 cm rendering). Pure: no framework, no I/O
 * beyond reading the bundled fonts and the decoder's WebAssembly.
 */
export * from './design/design';
export { contrastRatio, MIN_FRAME_TEXT_CONTRAST, MIN_SYMBOL_CONTRAST, normalizeHexColor, relativeLuminance } from './design/contrast';
export { drawDesign, layoutOf, type Drawing, type Layer, type LogoImage, type Paint, type PlacedImage } from './draw/draw-design';
export { LogoRejected, MAX_LOGO_BYTES, prepareLogo, type LogoSourceType, type PreparedLogo } from './logos/prepare-logo';
export { drawingToSvg } from './output/drawing-to-svg';
export { drawInPdf } from './output/drawing-to-pdf';
export { designedPixels, designedPng, type Pixels } from './output/drawing-to-pixels';
export { checkScannability, CHECK_WIDTH_PX, type ScannabilityReport } from './check/scannability';
export { DECODERS, type Decoder } from './check/decoders';
export { LABEL_FONTS, labelFontFile } from './text/label-fonts';
export { isRightToLeft, labelRuns, visualOrder, type LabelFont, type LabelRun, type MeasureRun } from './text/label-text';
