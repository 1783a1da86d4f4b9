// `--server` takes what people type: the slug (cloud-sheets), the server name (CloudSheets) or the
// spec path (specs/cloud-sheets.yaml); anything else is an error listing the valid ones.
import { basename } from "node:path";
import { kebabCase } from "../ir/naming.ts";
import { closest } from "../loader/diagnostics.ts";
import { listSpecFiles } from "../loader/load.ts";
import { UsageError } from "../core/args.ts";

export function resolveServers(root: string, wanted: readonly string[]): string[] {
  const slugs = listSpecFiles(root).map((file) => basename(file, ".yaml"));
  return [
    ...new Set(
      wanted.map((value) => {
        const slug = value.endsWith(".yaml")
          ? basename(value, ".yaml")
          : /[A-Z]/.test(value)
            ? kebabCase(value)
            : value;
        if (slugs.includes(slug)) return slug;
        const suggestion = closest(value, [...slugs, ...slugs.map(pascalCase)]);
        throw new UsageError(
          `unknown server "${value}"${suggestion ? ` (did you mean ${suggestion}?)` : ""}; valid servers: ` +
            `${slugs.join(", ")}`,
        );
      }),
    ),
  ];
}

function pascalCase(slug: string): string {
  return slug.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
}
