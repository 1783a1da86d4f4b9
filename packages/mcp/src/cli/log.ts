// What the CLI says on stderr: plain lines for people, or with --log-format json one JSON object a
// line (time, level, message; request lines add their own fields), for log shippers.
import type { LogFormat } from "./args.js";

export type Level = "info" | "warn" | "error";

export interface Logger {
  readonly format: LogFormat;
  message(text: string, level?: Level): void;
  /** One structured record, such as a request line; in text format its fields as key=value. */
  record(fields: Readonly<Record<string, string | number | null>>): void;
}

export function createLogger(format: LogFormat, write: (line: string) => void = (line) => void process.stderr.write(line)): Logger {
  const time = (): string => new Date().toISOString();
  return {
    format,
    message(text, level = "info") {
      write(format === "json" ? `${JSON.stringify({ time: time(), level, message: text })}\n` : `toolcat-mcp: ${text}\n`);
    },
    record(fields) {
      if (format === "json") return write(`${JSON.stringify({ time: time(), ...fields })}\n`);
      write(`toolcat-mcp: ${Object.entries(fields).map(([key, value]) => `${key}=${value ?? "-"}`).join(" ")}\n`);
    },
  };
}
