/**
 * "A message was stored" → wake the delivery worker, without polling delay.
 *
 * The worker is started by server/start.ts, which loads this module from source, while the routes
 * that store messages run inside the Vite server build, which carries its own copy of it. Module
 * state would therefore not be shared; the registry lives on globalThis under a registered symbol
 * instead, keyed by the database handle both sides were given.
 */

type Listener = () => void;

const REGISTRY = Symbol.for("velocat.contact-outbox.listeners");

function registry(): WeakMap<object, Set<Listener>> {
  const holder = globalThis as { [REGISTRY]?: WeakMap<object, Set<Listener>> };
  return (holder[REGISTRY] ??= new WeakMap());
}

/** Calls `listener` whenever a message is stored in `db`; returns the unsubscribe function. */
export function onMessageStored(db: object, listener: Listener): () => void {
  const map = registry();
  let set = map.get(db);
  if (!set) {
    set = new Set();
    map.set(db, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

export function messageStored(db: object): void {
  for (const listener of registry().get(db) ?? []) listener();
}
