// The shape of a generated package's tool manifest (manifest.json and its `manifest` export).

export interface ManifestTool {
  readonly name: string;
  /** `<Server>.<Tool>`. */
  readonly fullName: string;
  readonly description: string;
  readonly secrets: readonly string[];
  /** OAuth scopes; null when the catalog does not show them, [] when none are needed. */
  readonly scopes: readonly string[] | null;
  /** false when the catalog does not show the tool's parameters (any object is accepted). */
  readonly parametersKnown: boolean;
  readonly modePattern: boolean;
  /** JSON Schema 2020-12 of the input. */
  readonly inputSchema: { readonly [keyword: string]: unknown };
}

export interface Manifest {
  readonly package: string;
  readonly generatedFrom: string;
  readonly catalog: string;
  readonly server: {
    readonly name: string;
    readonly kind: "starter" | "optimized";
    readonly domain: string;
    readonly description: string;
    readonly auth:
      | { readonly type: "api-key"; readonly secret: string }
      | { readonly type: "user-authorization"; readonly provider: string | null; readonly scopes: readonly string[] | null };
    readonly secrets: readonly { readonly name: string; readonly description: string }[];
  };
  readonly toolMode: { readonly name: string; readonly values: readonly string[]; readonly execute: string };
  readonly tools: readonly ManifestTool[];
}
