// Semantic checks and normalization: a schema-valid raw spec becomes the typed IR, and every
// inconsistency the schema cannot see becomes a positioned diagnostic.
import { formats } from "../../../packages/runtime/src/formats.ts";
import { describeStyle, isIdentifier, kebabCase, packageNameFor, serverNames, toolNames, type IdentifierStyle } from "../ir/naming.ts";
import type {
  Auth,
  CatalogRules,
  Documented,
  JsonValue,
  Parameter,
  Requirement,
  Rule,
  Server,
  Tool,
  ValueType,
} from "../ir/types.ts";
import { closest, type Diagnostic, type DiagnosticCode } from "./diagnostics.ts";
import type { RawCatalog, RawParameter, RawServer, RawTool } from "./raw.ts";
import type { SpecPath, SpecSource } from "./source.ts";

export function documented<T>(value: T | "not-shown" | undefined): Documented<T> {
  return value === undefined || value === "not-shown" ? { known: false } : { known: true, value };
}

/** Collects diagnostics for one spec file. */
class Reporter {
  constructor(
    readonly source: SpecSource,
    readonly diagnostics: Diagnostic[],
  ) {}

  error(path: SpecPath, code: DiagnosticCode, message: string, hint: string): void {
    this.diagnostics.push({ ...this.source.at(path), code, message, hint });
  }

  identifier(path: SpecPath, name: string, style: IdentifierStyle, what: string): void {
    if (!isIdentifier(name, style)) {
      this.error(path, "invalid-identifier", `${what} "${name}" is not ${describeStyle(style)}`, `Rename it to ${describeStyle(style)}.`);
    }
  }
}

export function buildCatalogRules(source: SpecSource, diagnostics: Diagnostic[]): CatalogRules {
  const raw = source.data as RawCatalog;
  const report = new Reporter(source, diagnostics);
  const modes = raw.toolMode.values;
  seenOnce(report, modes.map((m) => m.value), (i) => ["toolMode", "values", i, "value"], "duplicate-enum-value", "ToolMode value");
  const execute = modes.find((m) => m.value === "execute");
  if (execute === undefined) {
    report.error(["toolMode", "values"], "missing-key", 'ToolMode has no "execute" value', "The mode pattern needs the execute value that makes `~` parameters required.");
  }
  return {
    specFile: source.file,
    catalog: raw.catalog,
    description: raw.description ?? "",
    toolMode: {
      name: raw.toolMode.name,
      values: modes,
      executeValue: "execute",
      requestBodyDescription: raw.toolMode.requestBody.description,
      missingExecuteParameter: documented(raw.toolMode.missingExecuteParameter),
      notes: raw.toolMode.notes ?? [],
    },
    notation: raw.notation,
    conventions: raw.conventions,
    dataCenters: raw.dataCenters.map((d) => ({ name: d.name, baseAddress: documented(d.baseAddress) })),
    errors: {
      codes: documented(raw.errors?.codes),
      statusCodes: documented(raw.errors?.statusCodes),
      payload: documented(raw.errors?.payload),
    },
    versioning: raw.versioning ?? [],
    notes: raw.notes ?? [],
  };
}

export function buildServer(source: SpecSource, rules: CatalogRules, diagnostics: Diagnostic[]): Server {
  const raw = source.data as RawServer;
  const report = new Reporter(source, diagnostics);
  report.identifier(["server"], raw.server, "pascal", "Server name");
  const slug = kebabCase(raw.server);
  const expectedFile = `${slug}.yaml`;
  if (!source.file.endsWith(`/${expectedFile}`) && source.file !== expectedFile) {
    report.error(["server"], "file-name-mismatch", `server ${raw.server} must live in ${expectedFile}`, `Rename the file to specs/${expectedFile} (the package is named after it).`);
  }

  const declaredSecrets = new Set(raw.secrets.map((s) => s.name));
  raw.secrets.forEach((s, i) => report.identifier(["secrets", i, "name"], s.name, "upperSnake", "Secret name"));
  seenOnce(report, raw.secrets.map((s) => s.name), (i) => ["secrets", i, "name"], "duplicate-key", "secret");
  const checkSecret = (path: SpecPath, name: string): void => {
    if (!declaredSecrets.has(name)) {
      const suggestion = closest(name, declaredSecrets);
      report.error(path, "undeclared-secret", `secret "${name}" is not declared in secrets`, suggestion ? `Did you mean "${suggestion}"?` : `Declare it under secrets: with a name and description.`);
    }
  };
  raw.toolSecrets?.forEach((s, i) => checkSecret(["toolSecrets", i], s));
  if (raw.auth.type === "api-key") {
    if (raw.auth.secret === undefined) report.error(["auth"], "missing-key", 'api-key auth is missing "secret"', "Name the secret that holds the API key.");
    else checkSecret(["auth", "secret"], raw.auth.secret);
  }
  if (raw.http?.baseUrl) checkSecret(["http", "baseUrl", "secret"], raw.http.baseUrl.secret);
  const centers = new Set(rules.dataCenters.map((d) => d.name));
  raw.http?.baseUrl?.dataCenters?.forEach((d, i) => {
    if (!centers.has(d)) report.error(["http", "baseUrl", "dataCenters", i], "invalid-value", `unknown data center "${d}"`, `Use one of the catalog's data centers: ${[...centers].join(", ")}.`);
  });

  const auth = buildAuth(raw);
  const declaredScopes = auth.type === "user-authorization" && auth.scopes.known ? new Set(auth.scopes.value.map((s) => s.name)) : undefined;

  seenOnce(report, raw.tools.map((t) => t.name), (i) => ["tools", i, "name"], "duplicate-tool", "tool");
  const { names, clashes } = serverNames(raw.server, rules.toolMode.name, raw.tools.map((t) => t.name));
  for (const clash of clashes) report.error(["tools", raw.tools.findIndex((t) => t.name === clash.tool), "name"], "name-clash", clash.message, clash.hint);

  const tools = raw.tools.map((tool, index): Tool => {
    const path: SpecPath = ["tools", index];
    report.identifier([...path, "name"], tool.name, "pascal", "Tool name");
    const secrets = tool.secrets ?? raw.toolSecrets ?? [];
    tool.secrets?.forEach((s, i) => checkSecret([...path, "secrets", i], s));
    const scopes = buildScopes(report, path, tool, auth, declaredScopes);
    const parameters = buildParameters(report, path, tool, rules);
    const built: Tool = {
      name: tool.name,
      fullName: `${raw.server}.${tool.name}`,
      methodName: toolNames(names, tool.name).method,
      purpose: tool.purpose,
      secrets,
      ...(scopes !== undefined && { scopes }),
      modePattern: tool.modePattern === true,
      parameters: parameters === undefined ? { kind: "not-shown" } : { kind: "known", list: parameters },
      rules: buildRules(report, path, tool, parameters),
      notes: tool.notes ?? [],
      position: source.at(path),
    };
    return built;
  });

  checkCrossReferences(report, raw, tools);

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
    resources: (raw.resources ?? []).map((r) => ({ name: r.name, identifiers: r.identifiers ?? [], fields: r.fields ?? [], notes: r.notes ?? [] })),
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
        baseUrl: { secret: raw.http.baseUrl.secret, dataCenters: raw.http.baseUrl.dataCenters ?? [], notes: raw.http.baseUrl.notes ?? [] },
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

function buildScopes(report: Reporter, path: SpecPath, tool: RawTool, auth: Auth, declared: Set<string> | undefined): Documented<readonly string[]> | undefined {
  if (auth.type === "api-key") {
    if (tool.scopes !== undefined) {
      report.error([...path, "scopes"], "invalid-value", `tool ${tool.name} names scopes but the server authenticates with an API key`, "Remove scopes:, or change auth.type to user-authorization.");
    }
    return undefined;
  }
  const scopes = documented<readonly string[]>(tool.scopes);
  if (scopes.known) {
    scopes.value.forEach((scope, i) => {
      if (declared?.has(scope) !== true) {
        const suggestion = declared === undefined ? undefined : closest(scope, declared);
        report.error([...path, "scopes", i], "undeclared-scope", `scope "${scope}" is not declared in auth.scopes`, suggestion ? `Did you mean "${suggestion}"?` : "Declare it under auth.scopes: with its name.");
      }
    });
  }
  return scopes;
}

function buildParameters(report: Reporter, toolPath: SpecPath, tool: RawTool, rules: CatalogRules): Parameter[] | undefined {
  if (tool.parameters === "not-shown") return undefined;
  const listed = tool.parameters;
  seenOnce(report, listed.map((p) => p.name), (i) => [...toolPath, "parameters", i, "name"], "duplicate-parameter", "parameter");
  const parameters = listed.map((raw, i) => buildParameter(report, [...toolPath, "parameters", i], raw, tool));
  if (tool.modePattern !== true) return parameters;
  const at = report.source.at(toolPath);
  const mode: Parameter = {
    name: "mode",
    type: { kind: "enum", name: rules.toolMode.name, values: { known: true, value: rules.toolMode.values.map((v) => v.value) } },
    requirement: "always",
    description: rules.toolMode.values.map((v) => `${v.value}: ${v.description}`).join(" "),
    notes: [],
    implicit: true,
    position: at,
  };
  const requestBody: Parameter = {
    name: "request_body",
    type: { kind: "string", format: "json" },
    requirement: "execute",
    description: `${rules.toolMode.requestBodyDescription} Its fields are returned at run time by mode get_request_schema.`,
    notes: [],
    implicit: true,
    position: at,
  };
  return [mode, ...parameters, requestBody];
}

function buildParameter(report: Reporter, path: SpecPath, raw: RawParameter, tool: RawTool): Parameter {
  report.identifier([...path, "name"], raw.name, "snake", "Parameter name");
  if (tool.modePattern === true && (raw.name === "mode" || raw.name === "request_body")) {
    report.error([...path, "name"], "reserved-parameter", `${raw.name} is added by modePattern and must not be listed`, `Remove the ${raw.name} entry; modePattern: true already declares it.`);
  }
  const requirement: Requirement = raw.required === true ? "always" : raw.required === "execute" ? "execute" : "optional";
  if (requirement === "execute" && tool.modePattern !== true) {
    report.error([...path, "required"], "execute-without-mode", `${raw.name} is required when mode is execute, but tool ${tool.name} has no mode`, "Set modePattern: true on the tool, or use required: true / false.");
  }
  const type = buildType(report, path, raw);
  if (raw.default !== undefined) {
    const problem = valueProblem(type, raw.default);
    if (problem !== undefined) {
      report.error([...path, "default"], "invalid-default", `default of ${raw.name} ${problem}`, "Make the default satisfy the parameter's own type and constraints.");
    }
  }
  return {
    name: raw.name,
    type,
    requirement,
    ...(raw.description !== undefined && { description: raw.description }),
    ...(raw.default !== undefined && { default: raw.default }),
    ...(raw.defaultNote !== undefined && { defaultNote: raw.defaultNote }),
    notes: raw.notes ?? [],
    implicit: false,
    position: report.source.at(path),
  };
}

/** Which spec keys each parameter type accepts besides the common ones. */
const keysByType: Record<RawParameter["type"], readonly (keyof RawParameter)[]> = {
  string: ["format", "enum", "enumName"],
  integer: ["minimum", "maximum"],
  number: ["minimum", "maximum"],
  boolean: [],
  object: ["keys", "minProperties", "maxProperties"],
  array: ["items"],
};
const typedKeys = [...new Set(Object.values(keysByType).flat())];

function buildType(report: Reporter, path: SpecPath, raw: RawParameter): ValueType {
  for (const key of typedKeys) {
    if (raw[key] !== undefined && !keysByType[raw.type].includes(key)) {
      report.error([...path, key], "constraint-mismatch", `${key} does not apply to a parameter of type ${raw.type}`, `Remove ${key}, or change the type.`);
    }
  }
  if (raw.enum !== undefined && raw.format !== undefined) {
    report.error([...path, "format"], "constraint-mismatch", "a parameter cannot have both enum and format", "Keep the enum; its values already constrain the string.");
  }
  checkRange(report, path, raw.minimum, raw.maximum, "minimum", "maximum");
  checkRange(report, path, raw.minProperties, raw.maxProperties, "minProperties", "maxProperties");
  switch (raw.type) {
    case "string":
      if (raw.enum !== undefined || raw.enumName !== undefined) {
        if (Array.isArray(raw.enum)) seenOnce(report, raw.enum, (i) => [...path, "enum", i], "duplicate-enum-value", "enum value");
        return { kind: "enum", ...(raw.enumName !== undefined && { name: raw.enumName }), values: documented<readonly string[]>(raw.enum) };
      }
      return { kind: "string", ...(raw.format !== undefined && { format: raw.format }) };
    case "integer":
    case "number":
      if (raw.type === "integer") {
        for (const key of ["minimum", "maximum"] as const) {
          if (raw[key] !== undefined && !Number.isInteger(raw[key])) report.error([...path, key], "constraint-mismatch", `${key} of an integer parameter must be an integer`, "Use a whole number.");
        }
      }
      return { kind: raw.type, ...(raw.minimum !== undefined && { minimum: raw.minimum }), ...(raw.maximum !== undefined && { maximum: raw.maximum }) };
    case "boolean":
      return { kind: "boolean" };
    case "object":
      seenOnce(report, (raw.keys ?? []).map((k) => k.name), (i) => [...path, "keys", i, "name"], "duplicate-key", "object key");
      return {
        kind: "object",
        keys: raw.keys ?? [],
        ...(raw.minProperties !== undefined && { minProperties: raw.minProperties }),
        ...(raw.maxProperties !== undefined && { maxProperties: raw.maxProperties }),
      };
    case "array": {
      if (raw.items === undefined) {
        report.error(path, "missing-key", `array parameter ${raw.name} is missing "items"`, "Add items: { type: string }.");
        return { kind: "array", items: { kind: "string" } };
      }
      const values = raw.items.enum;
      if (values !== undefined) seenOnce(report, values, (i) => [...path, "items", "enum", i], "duplicate-enum-value", "enum value");
      return { kind: "array", items: values === undefined ? { kind: "string" } : { kind: "enum", values: { known: true, value: values } } };
    }
  }
}

function checkRange(report: Reporter, path: SpecPath, low: number | undefined, high: number | undefined, lowKey: string, highKey: string): void {
  if (low !== undefined && high !== undefined && low > high) {
    report.error([...path, lowKey], "invalid-range", `${lowKey} ${low} is greater than ${highKey} ${high}`, `Swap them, or fix the one that was mistyped.`);
  }
}

/** Why `value` does not fit `type`, in words, or undefined when it fits. */
export function valueProblem(type: ValueType, value: JsonValue): string | undefined {
  switch (type.kind) {
    case "string":
      if (typeof value !== "string") return `must be a string, got ${JSON.stringify(value)}`;
      if (type.format !== undefined && !formats[type.format](value)) return `must match format ${type.format}, got ${JSON.stringify(value)}`;
      return undefined;
    case "enum":
      if (typeof value !== "string") return `must be a string, got ${JSON.stringify(value)}`;
      if (type.values.known && !type.values.value.includes(value)) return `must be one of ${type.values.value.join(", ")}, got ${JSON.stringify(value)}`;
      return undefined;
    case "integer":
    case "number":
      if (typeof value !== "number" || (type.kind === "integer" && !Number.isInteger(value))) return `must be ${type.kind === "integer" ? "an integer" : "a number"}, got ${JSON.stringify(value)}`;
      if (type.minimum !== undefined && value < type.minimum) return `must be at least ${type.minimum}, got ${value}`;
      if (type.maximum !== undefined && value > type.maximum) return `must be at most ${type.maximum}, got ${value}`;
      return undefined;
    case "boolean":
      return typeof value === "boolean" ? undefined : `must be a boolean, got ${JSON.stringify(value)}`;
    case "object": {
      if (value === null || typeof value !== "object" || Array.isArray(value)) return `must be an object, got ${JSON.stringify(value)}`;
      const count = Object.keys(value).length;
      if (type.minProperties !== undefined && count < type.minProperties) return `must have at least ${type.minProperties} keys`;
      if (type.maxProperties !== undefined && count > type.maxProperties) return `must have at most ${type.maxProperties} keys`;
      return undefined;
    }
    case "array":
      if (!Array.isArray(value)) return `must be a list, got ${JSON.stringify(value)}`;
      for (const item of value) {
        const problem = valueProblem(type.items, item);
        if (problem !== undefined) return `item ${problem}`;
      }
      return undefined;
  }
}

function buildRules(report: Reporter, toolPath: SpecPath, tool: RawTool, parameters: Parameter[] | undefined): Rule[] {
  return (tool.rules ?? []).flatMap((rule, i): Rule[] => {
    const path = [...toolPath, "rules", i];
    const find = (key: "parameter" | "when" | "requires" | "over"): Parameter | undefined => {
      const name = rule[key];
      if (name === undefined) {
        report.error(path, "invalid-rule", `a ${rule.kind} rule needs "${key}"`, `Add ${key}: with a parameter name.`);
        return undefined;
      }
      const found = parameters?.find((p) => p.name === name);
      if (found === undefined) {
        const suggestion = closest(name, (parameters ?? []).map((p) => p.name));
        report.error([...path, key], "unknown-parameter", `rule names parameter "${name}", which tool ${tool.name} does not have`, suggestion ? `Did you mean "${suggestion}"?` : "Name one of the tool's parameters.");
      }
      return found;
    };
    const subject = find("parameter");
    switch (rule.kind) {
      case "required-when": {
        const when = find("when");
        if (rule.equals === undefined) {
          report.error(path, "invalid-rule", 'a required-when rule needs "equals"', "Add equals: with the value that makes the parameter required.");
          return [];
        }
        if (when?.type.kind === "enum" && when.type.values.known && !when.type.values.value.includes(rule.equals)) {
          report.error([...path, "equals"], "invalid-rule", `"${rule.equals}" is not a value of ${when.name}`, `Use one of: ${when.type.values.value.join(", ")}.`);
        }
        return subject && when ? [{ kind: "required-when", parameter: subject.name, when: when.name, equals: rule.equals, text: rule.text }] : [];
      }
      case "requires": {
        const other = find("requires");
        return subject && other ? [{ kind: "requires", parameter: subject.name, requires: other.name, text: rule.text }] : [];
      }
      case "precedence": {
        const other = find("over");
        return subject && other ? [{ kind: "precedence", parameter: subject.name, over: other.name, text: rule.text }] : [];
      }
    }
  });
}

function checkCrossReferences(report: Reporter, raw: RawServer, tools: readonly Tool[]): void {
  const byName = new Map(tools.map((t) => [t.name, t]));
  const toolAt = (path: SpecPath, name: string): Tool | undefined => {
    const tool = byName.get(name);
    if (tool === undefined) {
      const suggestion = closest(name, byName.keys());
      report.error(path, "unknown-tool", `no tool named "${name}" in ${raw.server}`, suggestion ? `Did you mean "${suggestion}"?` : "Name a tool listed under tools:.");
    }
    return tool;
  };
  raw.http?.knownPaths?.forEach((p, i) => toolAt(["http", "knownPaths", i, "tool"], p.tool));
  raw.states?.forEach((s, i) => {
    if (Array.isArray(s.transitions)) s.transitions.forEach((t, j) => toolAt(["states", i, "transitions", j, "tool"], t.tool));
  });
  raw.limits?.forEach((limit, i) =>
    limit.appliesTo.forEach((target, j) => {
      const path: SpecPath = ["limits", i, "appliesTo", j];
      const tool = toolAt([...path, "tool"], target.tool);
      if (tool === undefined || target.parameter === undefined) return;
      const parameter = tool.parameters.kind === "known" ? tool.parameters.list.find((p) => p.name === target.parameter) : undefined;
      if (parameter === undefined) {
        report.error([...path, "parameter"], "unknown-parameter", `${tool.fullName} has no parameter "${target.parameter}"`, "Name one of the tool's parameters.");
        return;
      }
      const type = parameter.type;
      const actual = {
        minimum: type.kind === "integer" || type.kind === "number" ? type.minimum : undefined,
        maximum: type.kind === "integer" || type.kind === "number" ? type.maximum : undefined,
        default: parameter.default,
      };
      for (const key of ["minimum", "maximum", "default"] as const) {
        if (target[key] !== undefined && target[key] !== actual[key]) {
          report.error([...path, key], "limit-mismatch", `limit says ${tool.fullName} ${target.parameter} ${key} is ${JSON.stringify(target[key])}, but the parameter has ${actual[key] === undefined ? "none" : JSON.stringify(actual[key])}`, `Set ${key}: ${JSON.stringify(target[key])} on the parameter, or correct the limit.`);
        }
      }
    }),
  );
}

function seenOnce(report: Reporter, values: readonly string[], pathOf: (index: number) => SpecPath, code: DiagnosticCode, what: string): void {
  const first = new Map<string, number>();
  values.forEach((value, index) => {
    const earlier = first.get(value);
    if (earlier === undefined) {
      first.set(value, index);
      return;
    }
    const { line } = report.source.at(pathOf(earlier));
    report.error(pathOf(index), code, `duplicate ${what} "${value}"`, `It is already defined on line ${line}; remove or rename one.`);
  });
}

