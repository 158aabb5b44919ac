/** A logo as a marketing team uploads one: a star in a circle, as SVG. */
export const STAR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><circle cx="50" cy="50" r="48" fill="#c2185b"/>' +
  '<polygon points="50,12 61,40 91,40 67,58 76,88 50,70 24,88 33,58 9,40 39,40" fill="#fff"/></svg>';

/**
 * A branded design as a marketing team makes one, as a request sends it: rounded modules, a gradient,
 * own eye colour, a frame, and the logo `logoId` at a quarter of the symbol.
 */
export function brandedDesignInput(logoId: string) {
  return {
    modules: 'rounded',
    gradient: { start: '#1a237e', end: '#4a148c', rotation: 45 },
    eyes: { outer: 'rounded', inner: 'circle', color: '#c2185b' },
    frame: { text: 'Scan me', color: '#1a237e' },
    logo: { id: logoId, size: 0.25 },
  };
}
