import { cpus } from 'node:os';
import { applyDesign } from '@qr/api-contract';
import { checkScannability, DEFAULT_DESIGN, type Design, designedPng, drawDesign, drawingToSvg, layoutOf, type LogoImage, prepareLogo } from '@qr/qr-design';
import { encodeText, renderSvg } from '@qr/qr-render';
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
 * Designed rendering and the scannability check in the bench's process, each beside the plain code in
 * the same run (medians of 5): encode + design + SVG against the plain SVG; encode + design + PNG
 * (resvg) at the API's default size against a plain code's PNG (the default design, the same path);
 * the check (render at 2 cm / 300 dpi, ZXing-C++ and jsQR) per design. What a client gets over HTTP,
 * with the image cache, is image-downloads.bench.ts.
 */
export async function benchDesign(runs = 5): Promise<BenchRow[]> {
  const prepared = await prepareLogo(Buffer.from(STAR_SVG));
  const logo: LogoImage = { png: prepared.png, width: prepared.width, height: prepared.height };
  const svg: number[] = [];
  const plainSvg: number[] = [];
  const png: number[] = [];
  const pngInFlight: number[] = [];
  const plainPng: number[] = [];
  const pngOf = (design: Design, ecc: 'M' | 'H', image: LogoImage | null) => () => {
    const matrix = encodeText(URL_PAYLOAD, { ecc });
    return designedPng(matrix, design, image, Math.round(layoutOf(matrix.size, design).width * 8));
  };
  for (let i = 0; i < runs; i++) {
    svg.push(opsPerSecond(() => drawingToSvg(drawDesign(encodeText(URL_PAYLOAD, { ecc: 'H' }), BRANDED, logo)), 600));
    plainSvg.push(opsPerSecond(() => renderSvg(encodeText(URL_PAYLOAD, { ecc: 'M' }), { margin: 4 }), 600));
    png.push(await asyncOpsPerSecond(pngOf(BRANDED, 'H', logo), 600, 1));
    pngInFlight.push(await asyncOpsPerSecond(pngOf(BRANDED, 'H', logo), 600, IN_FLIGHT));
    plainPng.push(await asyncOpsPerSecond(pngOf(DEFAULT_DESIGN, 'M', null), 600, 1));
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
  const [s, ps, p, pf, pp] = [svg, plainSvg, png, pngInFlight, plainPng].map(median);
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
      benchmark: 'Design: encode + branded design with logo + PNG through resvg (8 px a module), one at a time',
      figure: fmt.rate(p, 'codes'),
      baseline: `a plain code's PNG (the default design, the same path): ${fmt.rate(pp, 'codes')}`,
      ratio: p / pp,
      note:
        `${IN_FLIGHT} at a time ${fmt.rate(pf, 'codes')} (resvg draws on libuv's pool); the API's default PNG size (361 × 433 px with the frame), ` +
        `anti-aliased RGBA; a first download only: the API keeps rendered images; median of ${runs} × 0.6 s; ${cpus().length} CPUs`,
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
