// Checks across parts of one server spec: names that must refer to something declared elsewhere
// (secrets, scopes, data centers, tools, parameters) and limits that must agree with parameters.
import type { Auth, CatalogRules, Documented, Tool } from "../ir/types.ts";
import { documented } from "./build-catalog.ts";
import { serverNames, type ServerNames } from "../ir/naming.ts";
import { closest } from "./diagnostics.ts";
import type { RawServer, RawTool } from "./raw.ts";
import type { Reporter } from "./reporter.ts";
import type { SpecPath } from "./source.ts";

/** The package is named after the file, so the file must be named after the server. */
export function checkFileName(report: Reporter, raw: RawServer, slug: string): void {
  const expected = `${slug}.yaml`;
  const file = report.source.file;
  if (!file.endsWith(`/${expected}`) && file !== expected) {
    report.error(
      ["server"],
      "file-name-mismatch",
      `server ${raw.server} must live in ${expected}`,
      `Rename the file to specs/${expected} (the package is named after it).`,
    );
  }
}

/** Secrets are declared once, and every secret and data center the spec names is declared. */
export function checkDeclarations(report: Reporter, raw: RawServer, rules: CatalogRules): void {
  const declared = new Set(raw.secrets.map((s) => s.name));
  raw.secrets.forEach((s, i) => report.identifier(["secrets", i, "name"], s.name, "upperSnake", "Secret name"));
  report.seenOnce(
    raw.secrets.map((s) => s.name),
    (i) => ["secrets", i, "name"],
    "duplicate-secret",
    "secret",
  );
  const checkSecret = (path: SpecPath, name: string): void => {
    if (!declared.has(name)) {
      const suggestion = closest(name, declared);
      report.error(
        path,
        "undeclared-secret",
        `secret "${name}" is not declared in secrets`,
        suggestion ? `Did you mean "${suggestion}"?` : `Declare it under secrets: with a name and description.`,
      );
    }
  };
  raw.toolSecrets?.forEach((s, i) => checkSecret(["toolSecrets", i], s));
  raw.tools.forEach((tool, t) => tool.secrets?.forEach((s, i) => checkSecret(["tools", t, "secrets", i], s)));
  if (raw.auth.type === "api-key") {
    if (raw.auth.secret === undefined)
      report.error(
        ["auth"],
        "missing-key",
        'api-key auth is missing "secret"',
        "Name the secret that holds the API key.",
      );
    else checkSecret(["auth", "secret"], raw.auth.secret);
  }
  if (raw.http?.baseUrl) checkSecret(["http", "baseUrl", "secret"], raw.http.baseUrl.secret);
  const centers = new Set(rules.dataCenters.map((d) => d.name));
  raw.http?.baseUrl?.dataCenters?.forEach((d, i) => {
    if (!centers.has(d))
      report.error(
        ["http", "baseUrl", "dataCenters", i],
        "invalid-value",
        `unknown data center "${d}"`,
        `Use one of the catalog's data centers: ${[...centers].join(", ")}.`,
      );
  });
}

/**
 * Tool names, and every name derived from them or from the server name, checked once through the
 * server's names record (against each other and every identifier the emitters declare).
 */
export function checkToolNames(report: Reporter, raw: RawServer, rules: CatalogRules): ServerNames {
  raw.tools.forEach((tool, i) => report.identifier(["tools", i, "name"], tool.name, "pascal", "Tool name"));
  report.seenOnce(
    raw.tools.map((t) => t.name),
    (i) => ["tools", i, "name"],
    "duplicate-tool",
    "tool",
  );
  const { names, clashes } = serverNames(
    raw.server,
    rules.toolMode.name,
    raw.tools.map((t) => t.name),
  );
  for (const { source, message, hint } of clashes) {
    const path =
      source.kind === "tool" ? ["tools", raw.tools.findIndex((t) => t.name === source.tool), "name"] : ["server"];
    report.error(path, "name-clash", message, hint);
  }
  return names;
}

/** A tool's scopes, each declared in auth.scopes; undefined for API-key servers, which have none. */
export function buildScopes(
  report: Reporter,
  path: SpecPath,
  tool: RawTool,
  auth: Auth,
): Documented<readonly string[]> | undefined {
  if (auth.type === "api-key") {
    if (tool.scopes !== undefined) {
      report.error(
        [...path, "scopes"],
        "invalid-value",
        `tool ${tool.name} names scopes but the server authenticates with an API key`,
        "Remove scopes:, or change auth.type to user-authorization.",
      );
    }
    return undefined;
  }
  const declared = auth.scopes.known ? new Set(auth.scopes.value.map((s) => s.name)) : undefined;
  const scopes = documented<readonly string[]>(tool.scopes);
  if (scopes.known) {
    scopes.value.forEach((scope, i) => {
      if (declared?.has(scope) !== true) {
        const suggestion = declared === undefined ? undefined : closest(scope, declared);
        report.error(
          [...path, "scopes", i],
          "undeclared-scope",
          `scope "${scope}" is not declared in auth.scopes`,
          suggestion ? `Did you mean "${suggestion}"?` : "Declare it under auth.scopes: with its name.",
        );
      }
    });
  }
  return scopes;
}

/** `unchecked`: names of tools left out for structural errors, which references may still name. */
export function checkCrossReferences(
  report: Reporter,
  raw: RawServer,
  tools: readonly Tool[],
  unchecked: ReadonlySet<unknown>,
): void {
  const byName = new Map(tools.map((t) => [t.name, t]));
  const toolAt = (path: SpecPath, name: string): Tool | undefined => {
    const tool = byName.get(name);
    if (tool === undefined && !unchecked.has(name)) {
      const suggestion = closest(name, byName.keys());
      report.error(
        path,
        "unknown-tool",
        `no tool named "${name}" in ${raw.server}`,
        suggestion ? `Did you mean "${suggestion}"?` : "Name a tool listed under tools:.",
      );
    }
    return tool;
  };
  raw.http?.knownPaths?.forEach((p, i) => toolAt(["http", "knownPaths", i, "tool"], p.tool));
  raw.states?.forEach((s, i) => {
    if (Array.isArray(s.transitions))
      s.transitions.forEach((t, j) => toolAt(["states", i, "transitions", j, "tool"], t.tool));
  });
  raw.limits?.forEach((limit, i) =>
    limit.appliesTo.forEach((target, j) => {
      const path: SpecPath = ["limits", i, "appliesTo", j];
      const tool = toolAt([...path, "tool"], target.tool);
      if (tool === undefined || target.parameter === undefined) return;
      const parameter =
        tool.parameters.kind === "known" ? tool.parameters.list.find((p) => p.name === target.parameter) : undefined;
      if (parameter === undefined) {
        report.error(
          [...path, "parameter"],
          "unknown-parameter",
          `${tool.fullName} has no parameter "${target.parameter}"`,
          "Name one of the tool's parameters.",
        );
        return;
      }
      const actual = {
        minimum: parameter.schema.minimum,
        maximum: parameter.schema.maximum,
        default: parameter.default,
      };
      for (const key of ["minimum", "maximum", "default"] as const) {
        if (target[key] !== undefined && target[key] !== actual[key]) {
          report.error(
            [...path, key],
            "limit-mismatch",
            `limit says ${tool.fullName} ${target.parameter} ${key} is ${JSON.stringify(target[key])}, but the ` +
              `parameter has ${actual[key] === undefined ? "none" : JSON.stringify(actual[key])}`,
            `Set ${key}: ${JSON.stringify(target[key])} on the parameter, or correct the limit.`,
          );
        }
      }
    }),
  );
}
