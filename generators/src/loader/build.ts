// Raw spec to IR: a schema-valid server spec becomes the typed Server, with the checks that need
// more than one part of the spec delegated to cross-checks.ts and parameters to parameters.ts.
import { kebabCase, packageNameFor, toolNames, type ServerNames } from "../ir/naming.ts";
import type { Auth, CatalogRules, Server, Tool } from "../ir/types.ts";
import { documented } from "./build-catalog.ts";
import { buildScopes, checkCrossReferences, checkDeclarations, checkFileName, checkToolNames } from "./cross-checks.ts";
import type { Diagnostic } from "./diagnostics.ts";
import { buildParameters } from "./parameters.ts";
import type { RawServer, RawTool } from "./raw.ts";
import { Reporter } from "./reporter.ts";
import { buildRules } from "./rules.ts";
import { noAnnotations, noItems } from "./shared-empty.ts";
import type { SpecPath, SpecSource } from "./source.ts";

/**
 * The server, its names checked. `skip` holds tools with structural errors: they are left out
 * (their errors are already reported) so every other part of the file still gets its semantic checks
 * in the same run.
 */
export function buildServer(
  source: SpecSource,
  rules: CatalogRules,
  diagnostics: Diagnostic[],
  skip: ReadonlySet<number> = new Set(),
): Server {
  const data = source.data as RawServer;
  const kept = data.tools.map((_, i) => i).filter((i) => !skip.has(i));
  const raw: RawServer = skip.size === 0 ? data : { ...data, tools: kept.map((i) => data.tools[i] as RawTool) };
  const skippedNames = new Set(
    [...skip].map((i) => (data.tools[i] as { name?: unknown } | undefined)?.name).filter((n) => typeof n === "string"),
  );
  const report = new Reporter(source, diagnostics, skip.size === 0 ? undefined : kept);
  report.identifier(["server"], raw.server, "pascal", "Server name");
  const slug = kebabCase(raw.server);
  checkFileName(report, raw, slug);
  checkDeclarations(report, raw, rules);
  const names = checkToolNames(report, raw, rules);
  const auth = buildAuth(raw);
  const tools = raw.tools.map((tool, index) => buildTool(report, raw, ["tools", index], tool, { auth, rules, names }));
  checkCrossReferences(report, raw, tools, skippedNames);
  return {
    name: raw.server,
    slug,
    packageName: packageNameFor(slug),
    specFile: source.file,
    kind: raw.kind,
    domain: raw.domain,
    description: raw.description,
    source: raw.source,
    keywords: raw.keywords ?? [],
    auth,
    secrets: raw.secrets.map((s) => ({ name: s.name, description: s.description, notes: s.notes ?? [] })),
    resources: (raw.resources ?? []).map((r) => ({
      name: r.name,
      identifiers: r.identifiers ?? [],
      fields: r.fields ?? [],
      notes: r.notes ?? [],
    })),
    returnedFields: documented(raw.returnedFields),
    states: (raw.states ?? []).map((s) => ({
      resource: s.resource,
      states: documented<readonly string[]>(s.states),
      ...(s.initial !== undefined && { initial: s.initial }),
      transitions: documented(s.transitions),
      ...(s.restrictedTransitions !== undefined && { restrictedTransitions: documented(s.restrictedTransitions) }),
      notes: s.notes ?? [],
    })),
    otherStates: documented(raw.otherStates),
    http: {
      methods: documented(raw.http?.methods),
      paths: documented(raw.http?.paths),
      results: documented(raw.http?.results),
      ...(raw.http?.baseUrl && {
        baseUrl: {
          secret: raw.http.baseUrl.secret,
          dataCenters: raw.http.baseUrl.dataCenters ?? [],
          notes: raw.http.baseUrl.notes ?? [],
        },
      }),
      knownPaths: raw.http?.knownPaths ?? [],
    },
    pagination: raw.pagination ?? [],
    limits: raw.limits ?? [],
    rateLimits: documented(raw.rateLimits),
    events: {
      types: documented<readonly string[]>(raw.events?.types),
      typesComplete: raw.events?.typesComplete ?? false,
      payload: documented(raw.events?.payload),
      signing: documented(raw.events?.signing),
      notes: raw.events?.notes ?? [],
    },
    errors: documented(raw.errors),
    versioning: raw.versioning ?? [],
    notes: raw.notes ?? [],
    tools,
  };
}

interface ToolContext {
  readonly auth: Auth;
  readonly rules: CatalogRules;
  readonly names: ServerNames;
}

function buildTool(report: Reporter, raw: RawServer, path: SpecPath, tool: RawTool, context: ToolContext): Tool {
  const scopes = buildScopes(report, path, tool, context.auth);
  const parameters = buildParameters(report, path, tool, context.rules);
  return {
    name: tool.name,
    fullName: `${raw.server}.${tool.name}`,
    methodName: toolNames(context.names, tool.name).method,
    purpose: tool.purpose,
    ...(tool.group !== undefined && { group: tool.group }),
    secrets: tool.secrets ?? raw.toolSecrets ?? noItems,
    ...(scopes !== undefined && { scopes }),
    modePattern: tool.modePattern === true,
    parameters: parameters === undefined ? { kind: "not-shown" } : { kind: "known", list: parameters },
    rules: buildRules(report, path, tool, parameters),
    notes: tool.notes ?? noItems,
    judgments: tool.judgments ?? noItems,
    annotations: tool.annotations ?? noAnnotations,
    position: report.at(path),
  };
}

function buildAuth(raw: RawServer): Auth {
  const notes = raw.auth.notes ?? [];
  if (raw.auth.type === "api-key") {
    return { type: "api-key", secret: raw.auth.secret ?? "", placement: documented(raw.auth.placement), notes };
  }
  return {
    type: "user-authorization",
    provider: documented(raw.auth.provider),
    ...(raw.auth.providerDescription !== undefined && { providerDescription: raw.auth.providerDescription }),
    scopeBase: documented(raw.auth.scopeBase),
    scopes: documented(raw.auth.scopes),
    notes,
  };
}
