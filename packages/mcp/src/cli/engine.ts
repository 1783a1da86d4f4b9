// The transport the CLI calls tools through: the runtime's HTTP transport to the configured engine,
// or, without one, a transport whose every call says how to configure it (tools still list).
import { createHttpTransport, TransportError, type Transport } from "@toolcat/runtime";
import type { CliConfig } from "./args.js";

export function engineTransport(config: CliConfig): Transport {
  if (config.engine !== undefined) {
    return createHttpTransport({ ...config.engine, ...(config.userId === undefined ? {} : { userId: config.userId }) });
  }
  const message =
    "no engine is configured: start toolcat-mcp with TOOLCAT_ENGINE_URL and TOOLCAT_API_KEY set (or --engine-url " +
    "and --api-key)";
  return { executesRemotely: true, execute: () => Promise.reject(new TransportError(message, { retryable: false })) };
}
