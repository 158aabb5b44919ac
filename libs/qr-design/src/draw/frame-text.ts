import { create, type Font } from 'fontkit';
import { LRUCache } from 'lru-cache';
import { LABEL_FONTS, labelFontFile } from '../text/label-fonts';
import { labelRuns, visualOrder } from '../text/label-text';
import { num } from './shapes';

const fonts: Array<Font | undefined> = [];
// A parse per process for outlines only (pdfkit never sees these objects, so no layout state is shared with a document).
const fontAt = (i: number): Font => (fonts[i] ??= create(labelFontFile(i)) as Font);

/**
 * A line of text as one SVG path of glyph outlines, centred on `centreX` with its baseline at
 * `baseline`, `height` units per em, shrunk to fit `maxWidth`. Outlines, not <text>: the SVG, the
 * PNG (resvg has no fonts to look up) and the PDF then draw exactly the same letters.
 * Each character takes the first bundled font that has it (Noto Sans, then Noto Sans JP).
 */
export function textPath(text: string, o: { centreX: number; baseline: number; height: number; maxWidth: number }): string {
  // The same frame is drawn again for every image and check of a code (and of every code of a preset): its outlines are kept.
  const key = `${text}\u0000${o.centreX}\u0000${o.baseline}\u0000${o.height}\u0000${o.maxWidth}`;
  let d = outlines.get(key);
  if (d === undefined) outlines.set(key, (d = layOut(text, o)));
  return d;
}

const outlines = new LRUCache<string, string>({ max: 256 });

function layOut(text: string, o: { centreX: number; baseline: number; height: number; maxWidth: number }): string {
  const runs = visualOrder(labelRuns(text, LABEL_FONTS, () => 0, Infinity));
  const laidOut = runs.map((run) => {
    const font = fontAt(run.font);
    return { font, layout: font.layout(run.text) };
  });
  const unitsWide = laidOut.reduce((sum, r) => sum + r.layout.advanceWidth / r.font.unitsPerEm, 0);
  const em = Math.min(o.height, unitsWide > 0 ? o.maxWidth / unitsWide : o.height);
  let x = o.centreX - (unitsWide * em) / 2;
  const parts: string[] = [];
  for (const { font, layout } of laidOut) {
    const scale = em / font.unitsPerEm;
    layout.glyphs.forEach((glyph, i) => {
      const pos = layout.positions[i];
      const gx = x + pos.xOffset * scale;
      const gy = o.baseline - pos.yOffset * scale;
      parts.push(outline(glyph.path.commands, (px, py) => [gx + px * scale, gy - py * scale]));
      x += pos.xAdvance * scale;
    });
  }
  return parts.join('');
}

/** A glyph's outline (font units, y up) as SVG path data, each point placed by `at`. */
function outline(commands: ReadonlyArray<{ command: string; args: number[] }>, at: (x: number, y: number) => [number, number]): string {
  const letters: Record<string, string> = { moveTo: 'M', lineTo: 'L', quadraticCurveTo: 'Q', bezierCurveTo: 'C', closePath: 'Z' };
  return commands
    .map((c) => {
      const points: string[] = [];
      for (let i = 0; i < c.args.length; i += 2)
        points.push(
          at(c.args[i], c.args[i + 1])
            .map(num)
            .join(' '),
        );
      return letters[c.command] + points.join(' ');
    })
    .join('');
}
