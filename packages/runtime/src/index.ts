// The public API of @toolcat/runtime, imported by every generated package.
export * from "./formats.js";
export * from "./validation.js";
export * from "./issues.js";
export type * from "./manifest.js";
export * from "./errors.js";
export * from "./secrets.js";
export type * from "./transport.js";
export * from "./memory-transport.js";
// Generated packages re-export the memory transport under this name.
export { createMemoryTransport as createInMemoryTransport } from "./memory-transport.js";
export * from "./http-transport.js";
export * from "./client.js";
export { RUNTIME_VERSION } from "./version.js";
