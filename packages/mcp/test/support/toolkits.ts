// The two server packages the tests serve, from source: one without secrets, one whose tools
// each declare ZETA_SERVER_URL.
import { fileURLToPath } from "node:url";
import * as cloudSheets from "../../../cloud-sheets/src/index.ts";
import * as creatorApi from "../../../creator-api/src/index.ts";
import type { Toolkit } from "../../src/toolkit.ts";

export const toolkits: readonly Toolkit[] = [cloudSheets, creatorApi];

export const workspaceRoot = fileURLToPath(new URL("../../../../", import.meta.url));

/** Module paths the CLI takes, relative to the workspace root. */
export const toolkitPaths = ["./packages/cloud-sheets/src/index.ts", "./packages/creator-api/src/index.ts"] as const;
