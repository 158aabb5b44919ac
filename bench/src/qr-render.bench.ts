import QRCode from 'qrcode';
import { encodeText, renderSvg } from '@qr/qr-render';
import { type BenchRow, fmt } from './bench-report';
import { median, opsPerSecond } from './stats';

const URL_PAYLOAD = 'https://qr.example/AbC12xY';

/**
 * Our encode + single-path SVG render against the `qrcode` package's matrix-only encode
 * (`QRCode.create`, no rendering at all), alternating runs in one process; medians of 5.
 */
export function benchQrRender(runs = 5): BenchRow[] {
  const ours: number[] = [];
  const theirs: number[] = [];
  for (let i = 0; i < runs; i++) {
    ours.push(opsPerSecond(() => renderSvg(encodeText(URL_PAYLOAD, { ecc: 'M' }), { margin: 4 }), 600));
    theirs.push(opsPerSecond(() => QRCode.create(URL_PAYLOAD, { errorCorrectionLevel: 'M' }), 600));
  }
  const o = median(ours);
  const t = median(theirs);
  return [
    {
      benchmark: 'QR render: encode + SVG (short URL, ECC M)',
      figure: fmt.rate(o, 'codes'),
      baseline: `qrcode matrix only: ${fmt.rate(t, 'codes')}`,
      ratio: o / t,
      note: `median of ${runs} × 0.6 s`,
    },
  ];
}
