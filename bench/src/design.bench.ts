import { cpus } from 'node:os';
import {
  applyDesign,
  checkScannability,
  DEFAULT_DESIGN,
  type Design,
  designedPixelsReference,
  designedPng,
  drawDesign,
  drawingToSvg,
  layoutOf,
  type LogoImage,
  prepareLogo,
} from '@qr/qr-design';
import { encodeRgbaPngAsync, encodeText, renderPng, renderSvg } from '@qr/qr-render';
import { type BenchRow, fmt } from './bench-report';
import { brandedDesignInput, STAR_SVG } from './bench-designs';
import { asyncOpsPerSecond, median, opsPerSecond } from './stats';

const URL_PAYLOAD = 'https://qr.example/AbC12xY';
/** Renders in flight at once, as a server answering several image requests. */
const IN_FLIGHT = 4;

function designOf(input: unknown): Design {
  const parsed = applyDesign(DEFAULT_DESIGN, input, '/design');
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.design;
}

/** A branded code as a marketing team makes one: rounded modules, a gradient, own eye colour, a logo, a frame. */
const BRANDED = designOf(brandedDesignInput('logo_000000000000000000000000'));
const DOTS = designOf({ modules: 'dots', eyes: { outer: 'circle', inner: 'circle' } });

/**
 * Designed rendering and the scannability check, each beside the plain renderer of the same code in
 * the same run (medians of 5): encode + design + SVG, the same to a PNG at the API's default size
 * (our rasteriser, and resvg as the reference), and
 * the check (render at 2 cm / 300 dpi, ZXing-C++ and jsQR) per design.
 */
export async function benchDesign(runs = 5): Promise<BenchRow[]> {
  const prepared = await prepareLogo(Buffer.from(STAR_SVG));
  const logo: LogoImage = { png: prepared.png, width: prepared.width, height: prepared.height };
  const svg: number[] = [];
  const plainSvg: number[] = [];
  const png: number[] = [];
  const pngInFlight: number[] = [];
  const resvgPng: number[] = [];
  const plainPng: number[] = [];
  for (let i = 0; i < runs; i++) {
    svg.push(opsPerSecond(() => drawingToSvg(drawDesign(encodeText(URL_PAYLOAD, { ecc: 'H' }), BRANDED, logo)), 600));
    plainSvg.push(opsPerSecond(() => renderSvg(encodeText(URL_PAYLOAD, { ecc: 'M' }), { margin: 4 }), 600));
    const designed = () => {
      const matrix = encodeText(URL_PAYLOAD, { ecc: 'H' });
      return designedPng(matrix, BRANDED, logo, Math.round(layoutOf(matrix.size, BRANDED).width * 8));
    };
    png.push(await asyncOpsPerSecond(designed, 600, 1));
    pngInFlight.push(await asyncOpsPerSecond(designed, 600, IN_FLIGHT));
    resvgPng.push(
      await asyncOpsPerSecond(() => {
        const matrix = encodeText(URL_PAYLOAD, { ecc: 'H' });
        const image = designedPixelsReference(matrix, BRANDED, logo, Math.round(layoutOf(matrix.size, BRANDED).width * 8));
        return encodeRgbaPngAsync(new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength), image.width, image.height);
      }, 600),
    );
    plainPng.push(opsPerSecond(() => renderPng(encodeText(URL_PAYLOAD, { ecc: 'M' }), { scale: 8 }), 600));
  }
  const checks: Record<string, number[]> = { branded: [], dots: [], plain: [] };
  const matrix = encodeText(URL_PAYLOAD, { ecc: 'M' });
  const matrixH = encodeText(URL_PAYLOAD, { ecc: 'H' });
  await checkScannability(matrixH, URL_PAYLOAD, BRANDED, '/design', logo); // loads the decoder's WebAssembly and the fonts
  for (let i = 0; i < runs; i++) {
    for (const [name, design] of [
      ['branded', BRANDED],
      ['dots', DOTS],
      ['plain', DEFAULT_DESIGN],
    ] as const) {
      const n = 40;
      const start = performance.now();
      for (let k = 0; k < n; k++) {
        const report =
          name === 'branded' ? await checkScannability(matrixH, URL_PAYLOAD, design, '/design', logo) : await checkScannability(matrix, URL_PAYLOAD, design);
        if (report.problems.length) throw new Error(`the ${name} design did not pass its check`);
      }
      checks[name].push((performance.now() - start) / n);
    }
  }
  const [s, ps, p, pf, rp, pp] = [svg, plainSvg, png, pngInFlight, resvgPng, plainPng].map(median);
  const check = { branded: median(checks.branded), dots: median(checks.dots), plain: median(checks.plain) };
  return [
    {
      benchmark: 'Design: encode + branded design with logo + SVG',
      figure: fmt.rate(s, 'codes'),
      baseline: `plain SVG: ${fmt.rate(ps, 'codes')}`,
      ratio: s / ps,
      note: `ECC H, rounded modules, gradient, eye colour, a 512 px logo inline, frame with text; target ≥ 500/s; median of ${runs} × 0.6 s`,
    },
    {
      benchmark: `Design: encode + branded design with logo + PNG (8 px a module), ${IN_FLIGHT} at a time`,
      figure: fmt.rate(pf, 'codes'),
      baseline: `plain 1-bit PNG, 8 px a module: ${fmt.rate(pp, 'codes')}`,
      ratio: pf / pp,
      note:
        `our rasteriser, deflate on libuv's pool; one at a time ${fmt.rate(p, 'codes')}; through resvg (the reference, one at a time) ${fmt.rate(rp, 'codes')}; ` +
        `the API's default PNG size (361 × 433 px with the frame), anti-aliased RGBA; target ≥ 500/s; median of ${runs} × 0.6 s; ${cpus().length} CPUs`,
    },
    {
      benchmark: 'Design: scannability check (2 cm render, ZXing-C++ + jsQR)',
      figure: `${check.branded.toFixed(1)} ms a design`,
      baseline: `default design: ${check.plain.toFixed(1)} ms`,
      ratio: check.plain / check.branded,
      note: `dots with circle eyes ${check.dots.toFixed(1)} ms; target ≤ 20 ms; median of ${runs} × 40 checks`,
    },
  ];
}
