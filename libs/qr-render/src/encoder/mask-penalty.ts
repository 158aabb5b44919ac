/**
 * Penalty score of a masked symbol by the four rules of ISO/IEC 18004 7.8.3: the encoder keeps the
 * mask with the lowest score. `grid` is row-major, 1 = dark.
 *
 * N1: each run of ≥ 5 same-coloured modules in a row or column scores 3 + (length − 5).
 * N2: each 2×2 block of one colour scores 3 (overlapping blocks all count).
 * N3: each 1:1:3:1:1 finder-like pattern with 4 light modules on one side scores 40 (on both
 *     sides: 80). The area outside the symbol counts as light, as the quiet zone is.
 * N4: 10 for every full 5 % the dark share deviates from 50 %.
 *
 * This runs eight times per symbol and dominates encoding time. Module colours are random, so
 * every rule is a table lookup instead of a branch the CPU would mispredict half the time, and
 * the caller's best score so far (`stopAbove`) ends hopeless candidates early: every rule only
 * adds, so a partial score above it is already a loss (the returned value is then partial).
 */
export function maskPenalty(grid: Uint8Array, size: number, stopAbove = Infinity): number {
  let score = 0;
  let dark = 0;
  for (let y = 0; y < size; y++) score += linePenalty(grid, y * size, 1, size);
  if (score > stopAbove) return score;
  for (let x = 0; x < size; x++) score += linePenalty(grid, x, size, size);
  if (score > stopAbove) return score;
  for (let y = 0; y < size - 1; y++) {
    // Each vertical pair sum is shared by the two blocks left and right of it.
    let i = y * size;
    let left = grid[i] + grid[i + size];
    for (const end = i + size - 1; i < end; i++) {
      const right = grid[i + 1] + grid[i + 1 + size];
      score += BLOCK_PENALTY[left + right];
      left = right;
    }
  }
  for (let i = 0; i < size * size; i++) dark += grid[i];
  const total = size * size;
  const deviation = Math.ceil(Math.abs(dark * 20 - total * 10) / total) - 1;
  return score + deviation * 10;
}

/** N2 by the number of dark modules in a 2×2 block: all light or all dark scores 3. */
const BLOCK_PENALTY = Uint8Array.of(3, 0, 0, 0, 3);

/** N1 increment when a run reaches a length: 3 at 5, then 1 per extra module (177 = longest line). */
const RUN_PENALTY = new Uint8Array(178).fill(1, 6);
RUN_PENALTY[5] = 3;

/** N3 by the last 11 modules: 10111010000 or 00001011101 is a finder-like pattern beside 4 light. */
const FINDER_PENALTY = new Uint8Array(2048);
FINDER_PENALTY[0b10111010000] = 40;
FINDER_PENALTY[0b00001011101] = 40;

/**
 * N1 and N3 penalties of one row (step 1) or column (step size). Written for short dependency
 * chains: an and-mask instead of a branch or multiply resets the run, the window is not trimmed
 * (int32 shifts drop old bits by themselves, the lookup masks), and each rule has its own sum.
 */
function linePenalty(grid: Uint8Array, start: number, step: number, size: number): number {
  let runs = 0;
  let finders = 0;
  let previous = 2;
  let runLength = 0;
  // The window starts as light modules: the quiet zone before the line.
  let window = 0;
  for (let k = 0, i = start; k < size; k++, i += step) {
    const c = grid[i];
    // -1 (all ones) when the colour repeats, else 0: the run either grows or restarts at 1.
    runLength = (runLength & (((c ^ previous) - 1) >> 31)) + 1;
    runs += RUN_PENALTY[runLength];
    previous = c;
    window = (window << 1) | c;
    finders += FINDER_PENALTY[window & 0x7ff];
  }
  // Four more light modules: the quiet zone after the line (only "pattern then light" can complete).
  for (let k = 0; k < 4; k++) {
    window <<= 1;
    finders += FINDER_PENALTY[window & 0x7ff];
  }
  return runs + finders;
}
