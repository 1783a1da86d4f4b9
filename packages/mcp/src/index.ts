// The public API of @toolcat/mcp.
export {
  createMcpServer,
  createMcpServerFactory,
  type McpServerFactory,
  type McpServerOptions,
  type ServeMode,
} from "./server.js";
export type { CodeModule } from "./code-module.js";
export { loadToolkit, createToolkitClient, type Toolkit, type ToolClient } from "./toolkit.js";
export { modelName, type NameStyle } from "./names.js";
export type { ToolFilter } from "./select.js";
export { errorResult, successResult } from "./results.js";
