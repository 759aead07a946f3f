/**
 * `load` run once and its promise shared by every caller, until it fails: a failed load (a
 * download cut off, a module that could not be read) is forgotten, so the next caller tries again
 * instead of getting the old failure for the life of the page or process.
 */
export function onceUntilFailure<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}
