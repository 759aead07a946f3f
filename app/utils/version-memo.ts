/** Freezes what is shared between requests, so a caller that sorts or edits in place fails loudly. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export interface VersionMemo {
  /** `read` once per version. */
  value<T>(read: () => Promise<T>): () => Promise<T>;
  /** `read` once per key and version, for at most `maxKeys` keys (the least recently asked go first). */
  keyed<K, T>(read: (key: K) => Promise<T>, maxKeys: number): (key: K) => Promise<T>;
}

/**
 * Keeps answers until `version()` changes (a re-seed or import): the catalogue and the dealers are
 * read on every page and change a few times a year, so rendering a page should not mean reading and
 * reshaping the same rows again. What is kept is frozen; a failed read is not kept, so the next
 * caller asks again.
 */
export function versionMemo(version: () => Promise<string>): VersionMemo {
  let seen: string | null = null;
  const forgets: (() => void)[] = [];

  const current = async () => {
    const now = await version();
    if (now !== seen) {
      seen = now;
      for (const forget of forgets) forget();
    }
  };
  const keep = <T>(promise: Promise<T>, forget: () => void): Promise<T> => {
    promise.then(deepFreeze, forget);
    return promise;
  };

  return {
    value(read) {
      let kept: ReturnType<typeof read> | undefined;
      forgets.push(() => (kept = undefined));
      return async () => {
        await current();
        return (kept ??= keep(read(), () => (kept = undefined)));
      };
    },
    keyed<K, T>(read: (key: K) => Promise<T>, maxKeys: number) {
      const kept = new Map<K, Promise<T>>();
      forgets.push(() => kept.clear());
      return async (key: K) => {
        await current();
        let answer = kept.get(key);
        if (answer) {
          kept.delete(key);
        } else {
          answer = keep(read(key), () => kept.delete(key));
          if (kept.size >= maxKeys) kept.delete(kept.keys().next().value as K);
        }
        kept.set(key, answer);
        return answer;
      };
    },
  };
}
