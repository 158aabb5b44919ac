/** A PDF real: at most 6 decimals (PDF readers keep about 5 significant digits), no trailing zeros. */
export function pdfNumber(value: number): string {
  return value.toFixed(6).replace(/\.?0+$/, '') || '0';
}
