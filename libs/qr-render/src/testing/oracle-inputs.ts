import type { EccLevel } from '../encoder/ecc-level';
import { fitsInQr } from '../encoder/encode-text';

/*
 * Inputs for the encoder oracle, generated from a fixed seed so a failure names an input that
 * reproduces. Each alphabet keeps to one mode on purpose: the numeric one is digits, the
 * alphanumeric one has no digits (a digit run inside it could be cheaper as a numeric segment) and
 * the byte one has nothing the other two modes could take, so one segment is the cheapest and the
 * ISO capacity table applies exactly.
 */
export const NUMERIC_CHARS = '0123456789';
export const ALPHANUMERIC_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';
export const BYTE_CHARS = 'abcdefghijklmnopqrstuvwxyz!"#&\'(),;<=>?@[\\]^_`{|}~';
/** Latin-1, other BMP scripts, astral emoji (surrogate pairs) and a lone surrogate (becomes U+FFFD). */
export const NON_ASCII_CHARS = ['ä', 'ö', 'ß', 'é', 'ñ', '€', '—', '中', '文', 'ひ', '한', 'Ж', '🎉', '👋🏽', '\ud800'];

export const LEVELS: readonly EccLevel[] = ['L', 'M', 'Q', 'H'];

/** mulberry32: a small, good-enough PRNG with a seed, so inputs are the same on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `length` characters drawn from `alphabet` (a string or a list of multi-unit characters). */
export function randomText(random: () => number, alphabet: string | readonly string[], length: number): string {
  const chars = typeof alphabet === 'string' ? [...alphabet] : alphabet;
  let out = '';
  for (let i = 0; i < length; i++) out += chars[Math.floor(random() * chars.length)];
  return out;
}

/**
 * Text made of runs from the three mode alphabets (and non-ASCII ones when asked), with run
 * lengths from 1 to about 40, so that where one segment ends and the next begins is a real choice:
 * short digit runs inside letters, long ones worth a numeric segment, URL-like punctuation.
 */
export function mixedText(random: () => number, length: number, nonAscii: boolean): string {
  const alphabets: Array<string | readonly string[]> = [NUMERIC_CHARS, ALPHANUMERIC_CHARS, BYTE_CHARS, 'https://qr.example/AbC12xY?id='];
  if (nonAscii) alphabets.push(NON_ASCII_CHARS);
  let out = '';
  while (out.length < length) {
    const alphabet = alphabets[Math.floor(random() * alphabets.length)];
    const run = 1 + Math.floor(random() ** 2 * 40);
    out += randomText(random, alphabet, run);
  }
  // Cut on a code point boundary: a cut surrogate pair would be a lone surrogate we did not choose.
  return [...out].slice(0, length).join('');
}

/** A length from 1 to `max`, spread evenly on a log scale so every version gets inputs. */
export function logUniformLength(random: () => number, max: number): number {
  return Math.max(1, Math.round(Math.exp(random() * Math.log(max))));
}

export const isAscii = (text: string): boolean => [...text].every((c) => c.charCodeAt(0) < 0x80);

export interface OracleCase {
  text: string;
  ecc: EccLevel;
}

/**
 * Mixed inputs: runs of every mode, log-uniform lengths (so every version range is hit), the four
 * levels in turn, only texts that fit; with `nonAscii`, only texts with a non-ASCII character.
 */
export function mixedCases(count: number, seed: number, nonAscii: boolean): OracleCase[] {
  const random = seededRandom(seed);
  const cases: OracleCase[] = [];
  while (cases.length < count) {
    const ecc = LEVELS[cases.length % LEVELS.length];
    const text = mixedText(random, logUniformLength(random, nonAscii ? 1200 : 3000), nonAscii);
    if (fitsInQr(text, ecc) && isAscii(text) !== nonAscii) cases.push({ text, ecc });
  }
  return cases;
}
