/** SVG path data for the shapes a design is made of; numbers are module units, kept short. */

/** A number rounded to thousandths of a module, without trailing zeros ("0.5", "12", "-3.25"). */
export function num(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

export function rect(x: number, y: number, w: number, h: number): string {
  return `M${num(x)} ${num(y)}h${num(w)}v${num(h)}h${num(-w)}z`;
}

/** A rectangle with a radius per corner (top left, top right, bottom right, bottom left), drawn clockwise. */
export function roundedRect(x: number, y: number, w: number, h: number, r: number | [number, number, number, number]): string {
  const [tl, tr, br, bl] = typeof r === 'number' ? [r, r, r, r] : r;
  const arc = (radius: number, dx: number, dy: number) => (radius > 0 ? `a${num(radius)} ${num(radius)} 0 0 1 ${num(dx)} ${num(dy)}` : '');
  return (
    `M${num(x + tl)} ${num(y)}h${num(w - tl - tr)}${arc(tr, tr, tr)}` +
    `v${num(h - tr - br)}${arc(br, -br, br)}` +
    `h${num(-(w - br - bl))}${arc(bl, -bl, -bl)}` +
    `v${num(-(h - bl - tl))}${arc(tl, tl, -tl)}z`
  );
}

/** A circle as two arcs (SVG and pdfkit both draw arcs; neither needs a <circle> element). */
export function circle(cx: number, cy: number, r: number): string {
  return `M${num(cx - r)} ${num(cy)}a${num(r)} ${num(r)} 0 1 0 ${num(2 * r)} 0a${num(r)} ${num(r)} 0 1 0 ${num(-2 * r)} 0z`;
}
