import type { Drawing, Paint } from '../draw/draw-design';
import { num } from '../draw/shapes';

/**
 * The drawing as SVG: one <path> per layer, gradients in <defs>. Nothing but paths and colours, so
 * it holds no script, no external reference and no text to look fonts up for.
 *
 * @param sizePx the width in pixels (the height follows the drawing's proportions); without it the SVG scales to its container.
 */
export function drawingToSvg(drawing: Drawing, sizePx?: number): string {
  const defs: string[] = [];
  const fill = (paint: Paint): string => {
    if (paint.kind === 'solid') return paint.color;
    const id = `g${defs.length}`;
    const stops = `<stop offset="0" stop-color="${paint.start}"/><stop offset="1" stop-color="${paint.end}"/>`;
    defs.push(
      paint.kind === 'linear'
        ? `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${num(paint.x1)}" y1="${num(paint.y1)}" x2="${num(paint.x2)}" y2="${num(paint.y2)}">${stops}</linearGradient>`
        : `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${num(paint.cx)}" cy="${num(paint.cy)}" r="${num(paint.r)}">${stops}</radialGradient>`,
    );
    return `url(#${id})`;
  };
  const paths = drawing.layers
    .filter((l) => l.d !== '')
    .map((l) => `<path fill="${fill(l.paint)}"${l.evenOdd ? ' fill-rule="evenodd"' : ''} d="${l.d}"/>`)
    .join('');
  // The logo is a PNG we encoded ourselves, inline: the SVG still fetches nothing.
  const images = drawing.images
    .map(
      (i) =>
        `<image x="${num(i.x)}" y="${num(i.y)}" width="${num(i.side)}" height="${num(i.side)}" preserveAspectRatio="xMidYMid meet" href="data:image/png;base64,${i.png.toString('base64')}"/>`,
    )
    .join('');
  const size = sizePx === undefined ? '' : ` width="${num(sizePx)}" height="${num((sizePx * drawing.height) / drawing.width)}"`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg"${size} viewBox="0 0 ${num(drawing.width)} ${num(drawing.height)}">` +
    (defs.length ? `<defs>${defs.join('')}</defs>` : '') +
    `${paths}${images}</svg>`
  );
}
