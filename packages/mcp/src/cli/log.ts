// What the CLI says on stderr: plain lines for people, or with --log-format json one JSON object a
// line (time, level, message; request lines add their own fields), for log shippers.
import type { LogFormat } from "./args.js";

export type Level = "info" | "warn" | "error";

export interface Logger {
  message(text: string, level?: Level): void;
  /** One structured record, such as a request line, as a JSON line (written with --log-format json only). */
  record(fields: Readonly<Record<string, string | number | null>>): void;
}

export function createLogger(
  format: LogFormat,
  write: (line: string) => void = (line) => void process.stderr.write(line),
): Logger {
  const time = (): string => new Date().toISOString();
  return {
    message(text, level = "info") {
      write(
        format === "json" ? `${JSON.stringify({ time: time(), level, message: text })}\n` : `toolcat-mcp: ${text}\n`,
      );
    },
    record(fields) {
      write(`${JSON.stringify({ time: time(), ...fields })}\n`);
    },
  };
}
