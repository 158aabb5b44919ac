/**
 * Texts every decoder test round-trips at every error-correction level: the payloads static codes
 * really carry (URLs, vCards, Wi-Fi), plus the cases where encoders go wrong — non-Latin-1 UTF-8
 * (which needs the ECI designator), astral-plane emoji, and data near the capacity limit.
 */
export const SAMPLE_TEXTS: Readonly<Record<string, string>> = {
  'short URL': 'https://qr.example/AbC12xY',
  'URL with query': 'https://shop.example.com/p/12345?utm_source=qr&utm_medium=print#top',
  'digits only': '0123456789012345678901234567890123456789',
  'uppercase alphanumeric': 'HTTPS://QR.EXAMPLE/ABC-123 $%*+./:',
  vCard: 'BEGIN:VCARD\nVERSION:3.0\nN:Müller;Zoë;;;\nFN:Zoë Müller\nEND:VCARD',
  'Wi-Fi': 'WIFI:T:WPA;S:Grüße-Netz;P:pässwört;;',
  emoji: 'Party 🎉🥳 at 20:00 — bring 🍕! 👋🏽',
  CJK: '二维码测试：欢迎光临。日本語のテキスト、한국어 텍스트',
  'mixed segments, ~2,000 bytes': mixedRecord(),
};

/**
 * About 2,000 bytes of English prose: byte mode only, so it fits at L and M (2,953 and 2,331
 * bytes in version 40) but not at Q or H (1,663 and 1,273).
 */
export const LONG_PROSE = (
  'The quick brown fox jumps over the lazy dog while the printer warms up; ' +
  'every static code keeps its data in the pattern, so nothing can change after printing. '
)
  .repeat(13)
  .slice(0, 2000);

/**
 * About 2,000 bytes a single byte-mode segment could not hold at level H (1,273 bytes in version
 * 40): it fits only because long digit runs go into numeric segments and upper-case runs into
 * alphanumeric ones, with one UTF-8 character to force the ECI designator as well.
 */
function mixedRecord(): string {
  const lines: string[] = ['Zählerstände / meter readings'];
  for (let i = 0; lines.join('\n').length < 1990; i++) {
    const serial = String(4006381333931 + i * 7919).padStart(16, '0');
    const readings = String((i + 1) * 982451653)
      .repeat(4)
      .padStart(44, '0');
    lines.push(`METER ${serial} ${readings}`);
  }
  return lines.join('\n');
}
