// Emits the tool manifest twice from one object: manifest.json (for any language) and
// src/manifest.ts (exported as `manifest`), so the two can never disagree.
import { StructureKind } from "ts-morph";
import type { Auth, Catalog, Server, Tool } from "../ir/types.ts";
import { jsonLiteral } from "./escape.ts";
import { inputSchema } from "./input-schema.ts";
import { serverFacts } from "./server-facts.ts";
import { exportConst, printTypeScript, type GeneratedFile } from "./source-file.ts";

export function manifestData(server: Server, catalog: Catalog): Record<string, unknown> {
  return {
    package: server.packageName,
    generatedFrom: server.specFile,
    catalog: catalog.rules.catalog,
    server: {
      name: server.name,
      kind: server.kind,
      domain: server.domain,
      description: server.description,
      auth: authData(server.auth),
      secrets: server.secrets.map((s) => ({ name: s.name, description: s.description })),
    },
    toolMode: {
      name: catalog.rules.toolMode.name,
      values: catalog.rules.toolMode.values.map((v) => v.value),
      execute: catalog.rules.toolMode.executeValue,
    },
    documentation: serverFacts(server, catalog.rules),
    tools: server.tools.map((tool) => toolData(tool, catalog)),
  };
}

function authData(auth: Auth): Record<string, unknown> {
  if (auth.type === "api-key") return { type: auth.type, secret: auth.secret };
  return {
    type: auth.type,
    provider: auth.provider.known ? auth.provider.value : null,
    scopes: auth.scopes.known ? auth.scopes.value.map((s) => s.name) : null,
  };
}

function toolData(tool: Tool, catalog: Catalog): Record<string, unknown> {
  return {
    name: tool.name,
    fullName: tool.fullName,
    description: tool.purpose,
    ...(tool.group !== undefined && { group: tool.group }),
    secrets: tool.secrets,
    // null: the catalog does not show the scopes; [] for API-key tools, which need none.
    scopes: tool.scopes === undefined ? [] : tool.scopes.known ? tool.scopes.value : null,
    parametersKnown: tool.parameters.kind === "known",
    modePattern: tool.modePattern,
    annotations: tool.annotations,
    notes: tool.notes,
    judgments: tool.judgments,
    inputSchema: inputSchema(tool, catalog.rules),
  };
}

export function emitManifest(server: Server, catalog: Catalog): GeneratedFile[] {
  const data = manifestData(server, catalog);
  const json = JSON.stringify(data, null, 2);
  return [
    { path: `packages/${server.slug}/manifest.json`, text: `${json}\n` },
    printTypeScript(server, `packages/${server.slug}/src/manifest.ts`, [
      { kind: StructureKind.ImportDeclaration, isTypeOnly: true, moduleSpecifier: "@toolcat/runtime", namedImports: ["Manifest"] },
      exportConst({ doc: "The tool manifest; the same data as manifest.json.", name: "manifest", type: "Manifest", value: jsonLiteral(data, 2) }),
    ]),
  ];
}

