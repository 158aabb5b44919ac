/** `answer`, or the error `late` makes once `ms` have passed (the work itself runs on); no timer is left behind. */
export async function withTimeout<T>(answer: Promise<T>, ms: number, late: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late()), ms);
  });
  try {
    return await Promise.race([answer, expired]);
  } finally {
    clearTimeout(timer);
  }
}
