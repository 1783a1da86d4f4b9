// A function's results kept per key: several emitters read the same derived data (a tool schema's
// provider lowerings, a catalog's synonym expansion), which is then computed once per generation;
// lookups of fixed files (the WordNet dictionary) once per process. Callers only read the results,
// never change them.
interface Results<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): unknown;
}

function keptIn<K, V>(results: Results<K, V>, compute: (key: K) => V): (key: K) => V {
  return (key) => {
    let result = results.get(key);
    if (result === undefined) {
      result = compute(key);
      results.set(key, result);
    }
    return result;
  };
}

/** Kept for as long as the key object lives. */
export const oncePer = <K extends object, V>(compute: (key: K) => V): ((key: K) => V) =>
  keptIn(new WeakMap<K, V>(), compute);

/** Kept for the life of the process: for keys that are values (strings, numbers), not objects. */
export const oncePerProcess = <K, V>(compute: (key: K) => V): ((key: K) => V) => keptIn(new Map<K, V>(), compute);
