import { createRequire } from 'node:module';

/** The parts of GS1's Digital Link toolkit (bundled in digital-link.js) the specs use as an independent oracle. */
export interface Gs1Toolkit {
  /** The check digit of `value`, a whole key whose last digit is ignored. */
  calculateCheckDigit(ai: string, value: string): number;
  verifySyntax(ai: string, value: string): void;
  extractFromGS1digitalLink(uri: string): { GS1: Record<string, string>; other: Record<string, string> };
  compressGS1DigitalLink(
    uri: string,
    useShortText: boolean,
    uriStem: string,
    uncompressedPrimary: boolean,
    useOptimisations: boolean,
    compressOther: boolean,
  ): string;
  aitable: Array<{ ai: string; format: string; type: string; title: string }>;
}

let toolkit: Gs1Toolkit | undefined;

/** One toolkit for the whole spec file: building it takes about 25 ms. */
export function gs1Toolkit(): Gs1Toolkit {
  const load = createRequire(__filename);
  const Toolkit = load('digital-link.js/lib/GS1DigitalLinkCompressionPrototype/GS1DigitalLinkToolkit') as new () => Gs1Toolkit;
  toolkit ??= new Toolkit();
  return toolkit;
}
