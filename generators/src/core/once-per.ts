// A function's results kept per key object, for as long as the key lives: several emitters read the
// same derived data (a tool schema's provider lowerings, a catalog's synonym expansion), which is
// then computed once per generation. Callers only read the results, never change them.
export function oncePer<K extends object, V>(compute: (key: K) => V): (key: K) => V {
  const results = new WeakMap<K, V>();
  return (key) => {
    let result = results.get(key);
    if (result === undefined) {
      result = compute(key);
      results.set(key, result);
    }
    return result;
  };
}
