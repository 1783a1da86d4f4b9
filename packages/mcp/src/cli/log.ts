// What the CLI says on stderr: plain lines for people, or with --log-format json one JSON object a
// line (time, level, message; request lines add their own fields), for log shippers.
import type { LogFormat } from "./args.js";

export type Level = "info" | "warn" | "error";

export interface Logger {
  message(text: string, level?: Level): void;
  /** One structured record, such as a request line, as a JSON line (written with --log-format json only). */
  record(fields: Readonly<Record<string, string | number | null>>): void;
}

/**
 * `write` gets a message at once, and the records of one event-loop turn together: under load a
 * turn ends many requests, and writing stderr (synchronous for pipes and files) and waking whoever
 * reads it once per request would cost the server more than the lines are worth. Records still
 * waiting are written before a message and when the process exits.
 */
export function createLogger(format: LogFormat, write?: (text: string) => void): Logger {
  const out = write ?? ((text: string) => void process.stderr.write(text));
  const time = (): string => new Date().toISOString();
  let pending = "";
  const flush = (): void => {
    if (pending === "") return;
    const text = pending;
    pending = "";
    out(text);
  };
  if (write === undefined) process.once("exit", flush);
  return {
    message(text, level = "info") {
      flush();
      out(format === "json" ? `${JSON.stringify({ time: time(), level, message: text })}\n` : `toolcat-mcp: ${text}\n`);
    },
    record(fields) {
      if (pending === "") setImmediate(flush);
      pending += `${JSON.stringify({ time: time(), ...fields })}\n`;
    },
  };
}
