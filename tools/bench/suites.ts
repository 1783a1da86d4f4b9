// Section 12: each Vitest project's suite run alone (`vitest run --project <name>`) on the built
// packages, one after another, with its wall time: what `npm test` spends, suite by suite, when Nx
// has nothing cached (a fresh clone), so a suite that grows slow shows here.
import config from "../../vitest.config.ts";
import { round, timeNode } from "./measure.ts";

export interface SuitesResult {
  readonly suites: readonly { readonly project: string; readonly seconds: number; readonly passed: boolean }[];
  readonly totalSeconds: number;
}

/** The names of the inline projects of a Vitest configuration, in its order. */
export function projectNames(projects: readonly unknown[]): string[] {
  return projects.flatMap((project) => {
    const name =
      typeof project === "object" && project !== null
        ? (project as { test?: { name?: unknown } }).test?.name
        : undefined;
    return typeof name === "string" ? [name] : [];
  });
}

export function benchSuites(): SuitesResult {
  const suites = projectNames(config.test?.projects ?? []).map((project) => {
    const run = timeNode(["node_modules/vitest/vitest.mjs", "run", "--project", project]);
    return { project, seconds: round(run.milliseconds / 1000), passed: run.status === 0 };
  });
  return { suites, totalSeconds: round(suites.reduce((sum, suite) => sum + suite.seconds, 0)) };
}
