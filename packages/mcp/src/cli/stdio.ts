// Framing in front of the SDK's StdioServerTransport. Its reader closes the transport when a line
// outgrows its buffer (the process then ended with exit 0 and no word) and drops a malformed line
// without an answer. Here each line is checked first: one over MAX_MESSAGE_BYTES is skipped up to
// its newline without being buffered, a malformed one is dropped, each gets a JSON-RPC error, and
// reading goes on with the next line; only well-formed messages reach the SDK.
import { PassThrough, type Readable } from "node:stream";
import { DEFAULT_MAX_REQUEST_BODY_SIZE, parseJSONRPCMessage } from "@modelcontextprotocol/server";

/** The largest message accepted over stdio: the SDK's bound on an HTTP request body (4 MiB). */
export const MAX_MESSAGE_BYTES = DEFAULT_MAX_REQUEST_BODY_SIZE;

export interface Rejection {
  /** The request's id when it could be read, so the client can fail that request at once. */
  readonly id: string | number | null;
  readonly code: number;
  readonly message: string;
}

type Id = Rejection["id"];

/** How much of each end of an oversize line is kept, to find the request id in it. */
const ENDS = 256;
const NEWLINE = 0x0a;
const ID_AT_START = /^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*(-?\d{1,15}|"[^"\\]{0,64}")/;
const ID_AT_END = /"id"\s*:\s*(-?\d{1,15}|"[^"\\]{0,64}")\s*\}\s*$/;

/** The lines of `input` that are JSON-RPC messages of at most `maxBytes`; every other line goes to `reject`. */
export function boundedLines(
  input: Readable,
  reject: (rejection: Rejection) => void,
  maxBytes = MAX_MESSAGE_BYTES,
): Readable {
  const output = new PassThrough();
  let parts: Buffer[] = [];
  let size = 0;
  let skipped: { head: Buffer; tail: Buffer } | undefined;

  const take = (piece: Buffer): void => {
    if (skipped !== undefined) {
      skipped.tail = Buffer.concat([skipped.tail, piece]).subarray(-ENDS);
    } else if (size + piece.length > maxBytes) {
      const line = Buffer.concat([...parts, piece]);
      skipped = { head: line.subarray(0, ENDS), tail: line.subarray(-ENDS) };
      parts = [];
    } else {
      parts.push(piece);
    }
    size += piece.length;
  };
  const finish = (): void => {
    if (skipped !== undefined) {
      const id =
        idIn(skipped.head.toString("utf8"), ID_AT_START) ?? idIn(skipped.tail.toString("utf8"), ID_AT_END) ?? null;
      reject({ id, code: -32600, message: `message of ${size} bytes dropped: messages are at most ${maxBytes} bytes` });
    } else {
      checked(Buffer.concat(parts).toString("utf8").replace(/\r$/, ""));
    }
    parts = [];
    size = 0;
    skipped = undefined;
  };
  const checked = (line: string): void => {
    if (line.trim() === "") return;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      // The text is not repeated: it may hold anything, a key included.
      return reject({ id: null, code: -32700, message: "parse error: a message is not JSON" });
    }
    if (!isJsonRpc(message))
      return reject({
        id: idOf(message),
        code: -32600,
        message: "invalid request: a message is not a JSON-RPC 2.0 message",
      });
    output.write(`${line}\n`);
  };

  input.on("data", (chunk: Buffer) => {
    let start = 0;
    for (let newline = chunk.indexOf(NEWLINE); newline !== -1; newline = chunk.indexOf(NEWLINE, start)) {
      take(chunk.subarray(start, newline));
      finish();
      start = newline + 1;
    }
    if (start < chunk.length) take(chunk.subarray(start));
  });
  // A last line without its newline is not a message, as with the SDK's own reader.
  input.once("end", () => output.end());
  input.once("error", (error) => output.destroy(error));
  return output;
}

function isJsonRpc(message: unknown): boolean {
  try {
    parseJSONRPCMessage(message);
    return true;
  } catch {
    return false;
  }
}

function idIn(text: string, pattern: RegExp): Id | undefined {
  const match = pattern.exec(text);
  return match?.[1] === undefined ? undefined : (JSON.parse(match[1]) as Id);
}

function idOf(message: unknown): Id {
  const id = typeof message === "object" && message !== null ? (message as { id?: unknown }).id : undefined;
  return typeof id === "string" || typeof id === "number" ? id : null;
}
