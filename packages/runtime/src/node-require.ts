// Node's `require`, for reading a package's tool files (selectTools' chat tools) synchronously on
// first use. It is reached through process.getBuiltinModule rather than a static `node:module`
// import, so a package still bundles for any platform; the tool search itself never uses it.
export function nodeRequire(moduleUrl: string): NodeJS.Require {
  const moduleApi = globalThis.process?.getBuiltinModule?.("node:module");
  if (moduleApi === undefined) throw new Error("reading a package's tool files needs Node.js 20.16 or later");
  return moduleApi.createRequire(moduleUrl);
}
