// Bearer-token authentication for Streamable HTTP, as the MCP authorization spec has a resource
// server answer: 401 with a WWW-Authenticate challenge naming the protected-resource metadata
// (RFC 9728), which is served without authentication. The one token is read from a file at start;
// it is compared in constant time and never logged or echoed.
import { createHash, timingSafeEqual } from "node:crypto";
import { readFile } from "node:fs/promises";
import {
  bearerAuthChallengeResponse,
  getOAuthProtectedResourceMetadataUrl,
  OAuthError,
  OAuthErrorCode,
  verifyBearerToken,
  type AuthInfo,
  type OAuthProtectedResourceMetadata,
  type OAuthTokenVerifier,
} from "@modelcontextprotocol/server";

/** A token's own lifetime does not exist; each request's verification is good for this long. */
const VERIFIED_FOR_SECONDS = 60;

/** The token in the file: its first line, trimmed. Errors name the file, never its content. */
export async function readToken(file: string): Promise<string> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new Error(`cannot read --auth-token-file ${file} (${typeof code === "string" ? code : "unreadable"})`, {
      cause: error,
    });
  }
  const token = text.split(/\r?\n/, 1)[0]?.trim() ?? "";
  // Printable ASCII without spaces: what an Authorization header can carry as one bearer token.
  if (token.length < 16 || !/^[\x21-\x7e]+$/.test(token)) {
    throw new Error(
      `--auth-token-file ${file} must hold a token of at least 16 printable characters, without spaces, on its ` +
        "first line",
    );
  }
  return token;
}

/** Accepts exactly `token`; digests of equal length make the comparison independent of where it differs. */
export function tokenVerifier(token: string): OAuthTokenVerifier {
  const expected = createHash("sha256").update(token).digest();
  return {
    verifyAccessToken: async (given) => {
      if (!timingSafeEqual(createHash("sha256").update(given).digest(), expected)) {
        throw new OAuthError(OAuthErrorCode.InvalidToken, "the bearer token is not the one this server accepts");
      }
      return {
        token: given,
        clientId: "toolcat-mcp",
        scopes: [],
        expiresAt: Math.floor(Date.now() / 1000) + VERIFIED_FOR_SECONDS,
      };
    },
  };
}

/** Where the metadata document of the endpoint at `endpoint` is served. */
export const metadataUrl = (endpoint: URL): URL => new URL(getOAuthProtectedResourceMetadataUrl(endpoint));

/**
 * The protected-resource metadata: the resource and that it takes bearer tokens in the header. No
 * authorization server is named: the token is configured, not issued (an OAuth proxy in front names its own).
 */
export function resourceMetadata(endpoint: URL): OAuthProtectedResourceMetadata {
  return { resource: endpoint.href, bearer_methods_supported: ["header"], resource_name: "toolcat-mcp" };
}

/** The verified request's AuthInfo, or the 401 answer with its challenge. */
export async function authenticate(
  authorization: string | undefined,
  verifier: OAuthTokenVerifier,
  endpoint: URL,
): Promise<AuthInfo | Response> {
  const resourceMetadataUrl = metadataUrl(endpoint).href;
  try {
    // The SDK reads the second word of the header and ignores the rest: anything after the token is refused here.
    if (authorization !== undefined && !/^bearer [\x21-\x7e]+$/i.test(authorization)) {
      throw new OAuthError(OAuthErrorCode.InvalidToken, "the Authorization header must be exactly: Bearer <token>");
    }
    return await verifyBearerToken(authorization, { verifier, resourceMetadataUrl });
  } catch (error) {
    return bearerAuthChallengeResponse(error, { resourceMetadataUrl });
  }
}
