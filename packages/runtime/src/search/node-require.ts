// Node's `require`, for reading search data and loading the search library synchronously on first
// use. It is reached through process.getBuiltinModule rather than a static `node:module` import, so
// a package still bundles for any platform; only searching needs Node.
export function nodeRequire(moduleUrl: string): NodeJS.Require {
  const moduleApi = globalThis.process?.getBuiltinModule?.("node:module");
  if (moduleApi === undefined) throw new Error("tool search loads its index with Node's require: it needs Node.js 20.16 or later");
  return moduleApi.createRequire(moduleUrl);
}
