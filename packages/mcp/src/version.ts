// This package's version, for the MCP handshake and --version; read from package.json, which sits
// one level above both src/ and dist/.
import { createRequire } from "node:module";

export const version: string = (createRequire(import.meta.url)("../package.json") as { version: string }).version;
