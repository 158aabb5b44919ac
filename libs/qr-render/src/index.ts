/**
 * QR Code Model 2 encoding and rendering, pure: `encodeText` builds the module matrix (ISO/IEC
 * 18004), the renderers turn it into SVG or PDF (drawn with pdfkit). PNGs are drawn by @qr/qr-design.
 */
export type { EccLevel } from './encoder/ecc-level';
export { isEccLevel } from './encoder/ecc-level';
export type { QrMatrix } from './encoder/qr-matrix';
export { QrCapacityError } from './encoder/qr-capacity-error';
export type { EncodeTextOptions } from './encoder/encode-text';
export { encodeText, fitsInQr } from './encoder/encode-text';
export { alignmentPositions } from './encoder/version-tables';
export type { RenderSvgOptions } from './render/render-svg';
export { renderSvg } from './render/render-svg';
export type { RenderPdfOptions } from './render/render-pdf';
export { renderPdf } from './render/render-pdf';
export { drawQrSymbol, newPdfDocument, pdfBytes, type PdfBox } from './render/pdf-document';
export { DEFAULT_MARGIN } from './render/render-options';
