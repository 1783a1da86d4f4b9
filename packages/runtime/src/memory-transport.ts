// Runs tools as local functions: for tests, and for tools implemented in the same process.
import { TransportError } from "./errors.js";
import type { Transport, TransportRequest } from "./transport.js";

/** What a handler receives besides the input. */
export type ToolContext = Omit<TransportRequest, "toolName" | "input">;

export type ToolHandler = (input: unknown, context: ToolContext) => unknown;

/** Handlers by full tool name (`<Server>.<Tool>`). */
export type ToolHandlers = Readonly<Record<string, ToolHandler>>;

export function createMemoryTransport(handlers: ToolHandlers): Transport {
  return {
    executesRemotely: false,
    async execute({ toolName, input, ...context }) {
      const handler = Object.hasOwn(handlers, toolName) ? handlers[toolName] : undefined;
      if (handler === undefined) {
        const known = Object.keys(handlers);
        throw new TransportError(
          `no handler for ${toolName} in the memory transport; it has ` +
            `${known.length === 0 ? "none" : known.join(", ")}`,
          { retryable: false },
        );
      }
      context.signal.throwIfAborted();
      return raceAbort(Promise.resolve(handler(input, context)), context.signal);
    },
  };
}

/** Settles with the handler unless the signal aborts first: a handler may ignore the signal. */
function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
