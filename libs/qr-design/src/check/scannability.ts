import { type FieldError, fieldError } from '@qr/domain';
import type { QrMatrix } from '@qr/qr-render';
import { contrastRatio, MIN_FRAME_TEXT_CONTRAST, MIN_SYMBOL_CONTRAST, relativeLuminance } from '../design/contrast';
import type { Design } from '../design/design';
import { layoutOf, type LogoImage } from '../draw/draw-design';
import { designedPixels } from '../output/drawing-to-pixels';
import { DECODERS } from './decoders';

/** The check renders the code as printed 2 cm wide at 300 dpi … */
export const CHECK_WIDTH_PX = Math.round((2 / 2.54) * 300);
/** … or at 3 pixels a module when the symbol is too dense for that. */
const MIN_PX_PER_MODULE = 3;

export interface ScannabilityReport {
  /** Every reason the design is refused, each at the field to change; empty when it scans. */
  problems: FieldError[];
  /** What each decoder read, when the colour rules passed and the image was decoded. */
  decoded: Partial<Record<keyof typeof DECODERS, boolean>>;
  /** The lowest contrast ratio between the background and a colour the symbol is drawn in. */
  contrast: number;
}

/**
 * Whether a designed code scans. First the rules any design must meet (stated in docs/api.md): every
 * colour the symbol is drawn in is darker than the background with a contrast ratio of at least 4:1,
 * and a frame's text contrasts 3:1 with the frame. Then the proof: the design is rendered as small
 * as a 2 cm print at 300 dpi and read by two independent decoders (ZXing-C++ and jsQR), neither
 * allowed to invert the image; each must read exactly `payload`.
 */
export async function checkScannability(
  matrix: QrMatrix,
  payload: string,
  design: Design,
  at = '/design',
  logo: LogoImage | null = null,
  /** false: the colour rules only, without drawing and decoding (`decoded` stays empty). */
  readBack = true,
): Promise<ScannabilityReport> {
  const inks: Array<[string, string]> = design.gradient
    ? [
        [design.gradient.start, `${at}/gradient/start`],
        [design.gradient.end, `${at}/gradient/end`],
      ]
    : [[design.foreground, `${at}/foreground`]];
  if (design.eyes.color) inks.push([design.eyes.color, `${at}/eyes/color`]);
  const problems: FieldError[] = [];
  const background = relativeLuminance(design.background);
  let contrast = 21;
  for (const [ink, pointer] of inks) {
    const ratio = contrastRatio(ink, design.background);
    contrast = Math.min(contrast, ratio);
    if (relativeLuminance(ink) >= background) {
      problems.push(
        fieldError(
          pointer,
          'inverted_colors',
          `${ink} is lighter than the background ${design.background}: the code must be dark on light, which not every scanner can read otherwise`,
        ),
      );
    } else if (ratio < MIN_SYMBOL_CONTRAST) {
      problems.push(
        fieldError(
          pointer,
          'low_contrast',
          `${ink} on ${design.background} has a contrast ratio of ${ratio.toFixed(2)}:1; at least ${MIN_SYMBOL_CONTRAST}:1 is needed to scan reliably`,
        ),
      );
    }
  }
  if (design.frame) {
    const ratio = contrastRatio(design.frame.text_color, design.frame.color);
    if (ratio < MIN_FRAME_TEXT_CONTRAST) {
      problems.push(
        fieldError(
          `${at}/frame/text_color`,
          'low_contrast',
          `the frame text has a contrast ratio of ${ratio.toFixed(2)}:1 with the frame; at least ${MIN_FRAME_TEXT_CONTRAST}:1 is needed to read it`,
        ),
      );
    }
  }
  if (problems.length || !readBack) return { problems, decoded: {}, contrast };

  // resvg draws on libuv's pool, so other requests (redirects, in all-in-one) get the thread between a
  // bulk's checks instead of waiting for all of them; only decoding holds it.
  const width = layoutOf(matrix.size, design).width;
  const image = await designedPixels(matrix, design, logo, Math.max(CHECK_WIDTH_PX, Math.ceil(width * MIN_PX_PER_MODULE)));
  const decoded: ScannabilityReport['decoded'] = {};
  for (const [name, decode] of Object.entries(DECODERS) as Array<[keyof typeof DECODERS, (typeof DECODERS)['zxing']]>) {
    decoded[name] = (await decode(image)) === payload;
  }
  const failed = Object.entries(decoded)
    .filter(([, ok]) => !ok)
    .map(([name]) => name);
  if (failed.length) {
    problems.push(
      fieldError(
        at,
        'unreadable',
        `printed 2 cm wide, this design could not be read by ${failed.join(' and ')}: use ${design.logo ? 'a smaller logo, ' : ''}plainer shapes, a larger quiet zone or more contrast`,
      ),
    );
  }
  return { problems, decoded, contrast };
}
