/** Runs a transaction's beforeCommit hooks in order; a hook may register another (it is then run too, after the rest). */
export async function runClosing(closing: ReadonlyArray<() => Promise<void>>): Promise<void> {
  for (let i = 0; i < closing.length; i++) await closing[i]();
}
