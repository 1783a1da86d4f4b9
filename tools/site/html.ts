// The HTML pages, rendered with Handlebars. Templates use only double-stash expressions, which
// escape &, <, >, quotes, backtick and =, so spec text reaches HTML as text in every place a
// template puts it (element content or a quoted attribute). The layout wraps each page as a
// partial block, so no rendered HTML is ever passed back through an unescaped expression.
import { readFileSync } from "node:fs";
import Handlebars from "handlebars";
import type { CatalogView, ServerView } from "./views.ts";

const templates = new URL("./templates/", import.meta.url);
const read = (name: string): string => readFileSync(new URL(`${name}.hbs`, templates), "utf8");

/** One isolated Handlebars environment: nothing registered here leaks into other users of the library. */
function environment(): typeof Handlebars {
  const env = Handlebars.create();
  env.registerPartial("layout", read("layout"));
  return env;
}

/** Every field a template names must exist in its view: a misspelt name fails the build. */
const options = { strict: true } as const;

export interface PageFrame {
  readonly title: string;
  /** From the page to the site root: "" or "../../". */
  readonly root: string;
  /** The page's Markdown twin, relative to the page. */
  readonly markdown: string;
  readonly catalog: string;
  /** The server slug a page's search box searches within; "" for every server. */
  readonly scope: string;
}

export interface HtmlPages {
  index(catalog: CatalogView): string;
  search(catalog: CatalogView): string;
  server(catalog: CatalogView, server: ServerView): string;
}

export function htmlPages(): HtmlPages {
  const env = environment();
  const index = env.compile(read("index"), options);
  const search = env.compile(read("search"), options);
  const server = env.compile(read("server"), options);
  const frame = (catalog: CatalogView, title: string, root: string, markdown: string, scope = ""): PageFrame => ({
    title,
    root,
    markdown,
    catalog: catalog.catalog,
    scope,
  });
  return {
    index: (catalog) => index({ ...frame(catalog, catalog.catalog, "", "index.html.md"), ...catalog }),
    search: (catalog) =>
      search({ ...frame(catalog, `Search tools · ${catalog.catalog}`, "", "search.html.md"), ...catalog }),
    server: (catalog, view) =>
      server({ ...frame(catalog, `${view.name} · ${catalog.catalog}`, "../../", "index.html.md", view.slug), ...view }),
  };
}
