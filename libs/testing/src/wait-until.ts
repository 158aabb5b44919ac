/** Polls `check` until it returns a truthy value or the deadline passes (then throws with `what`). */
export async function waitUntil<T>(check: () => Promise<T> | T, what: string, timeoutMs = 10_000, everyMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
