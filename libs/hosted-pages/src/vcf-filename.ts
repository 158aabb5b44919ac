// Letters NFKD does not decompose into a base letter plus marks.
const SPECIAL_LETTERS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};
const MAX_STEM = 60;

/**
 * A download filename for a contact, safe in any `Content-Disposition` header and file system:
 * lower-case ASCII letters, digits and hyphens, then `.vcf`; `contact.vcf` when nothing is left.
 *
 * @example vcfFilename('Zoë Müller') // 'zoe-muller.vcf'
 */
export function vcfFilename(name: string): string {
  const ascii = name
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (letter) => SPECIAL_LETTERS[letter] ?? letter)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '');
  const stem = ascii
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_STEM)
    .replace(/^-+|-+$/g, '');
  return `${stem || 'contact'}.vcf`;
}
