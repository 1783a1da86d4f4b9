// Toolsets: where a spec sorts its tools under topic headings, each heading's tools (and the rest,
// as `other`) in every provider format, `tools/groups/<slug>/<format>.json`. A model then gets one
// toolset at a time, and a package of more than 128 tools still has OpenAI lists OpenAI accepts.
import { hasGroups, toolGroups } from "../../ir/groups.ts";
import type { Emitter } from "../core/emitter.ts";
import { modelTool } from "./provider-tools.ts";
import { toolFiles } from "./tools.ts";

export const groupToolsEmitter: Emitter = {
  id: "group-tools",
  outputs: [],
  conditionalOutputs: ["tools/groups/"],
  emit: (context) =>
    hasGroups(context.server)
      ? toolGroups(context.server).flatMap((group) =>
          toolFiles(
            context,
            `tools/groups/${group.slug}`,
            group.tools.map((tool) => modelTool(context.server, tool, context.toolMode)),
          ),
        )
      : [],
};
