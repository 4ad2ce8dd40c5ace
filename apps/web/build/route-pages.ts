// A Vite plugin that writes one HTML page per route of the app (dist/pages/*.html, listed in
// dist/route-pages.json): index.html plus the route's own chunks as <link rel="modulepreload"> and
// their CSS as stylesheets. The server sends the page for the URL's route, so a phone on a slow
// network fetches a page's code in parallel with the app's entry instead of after it has run
// (on slow 4G that second round of requests cost ~0.5 s before anything of the page showed).
//
// The routes and the module each one loads are read from app/route-table.tsx itself (its `path`,
// `index`, `lazy: () => import('…')` and `children`), so the pages cannot drift from the router.
// Only static imports are preloaded: what a page loads later (dialogs, pickers) stays lazy.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync, type Plugin, type Rolldown } from 'vite';

/** A route of the table: its full pattern and the lazy modules along its branch (without extension). */
export type RouteModules = { pattern: string; modules: string[] };

type Node = { type: string; [key: string]: unknown };

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

function propertyOf(object: Node, name: string): Node | undefined {
  for (const prop of object.properties as Node[]) {
    const key = prop.key as Node | undefined;
    if (prop.type === 'Property' && key && (key.name === name || key.value === name)) return prop.value as Node;
  }
  return undefined;
}

/** The specifier of the first `import('…')` inside a node (the route's `lazy`). */
function importedSpecifier(node: Node): string | undefined {
  if (node.type === 'ImportExpression' && isNode(node.source) && typeof node.source.value === 'string') return node.source.value;
  for (const value of Object.values(node)) {
    for (const child of Array.isArray(value) ? value : [value]) {
      if (!isNode(child)) continue;
      const found = importedSpecifier(child);
      if (found) return found;
    }
  }
  return undefined;
}

/** Every route of the table with a page (an index route or a path without children). */
export function readRouteTable(file: string): RouteModules[] {
  const { program } = parseSync(file, readFileSync(file, 'utf8'), { lang: 'tsx' });
  let table: Node | undefined;
  for (const statement of program.body as unknown as Node[]) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    for (const declarator of (declaration?.type === 'VariableDeclaration' ? declaration.declarations : []) as Node[]) {
      if ((declarator.id as Node).name === 'appRoutes') table = declarator.init as Node;
    }
  }
  if (!table || table.type !== 'ArrayExpression') throw new Error(`route-pages: no appRoutes array in ${file}`);

  const routes: RouteModules[] = [];
  const walk = (list: Node, base: string, modules: string[]) => {
    for (const route of list.elements as Node[]) {
      if (route.type !== 'ObjectExpression') continue;
      const pathValue = propertyOf(route, 'path')?.value;
      const here = typeof pathValue === 'string' ? `${base.replace(/\/$/, '')}/${pathValue}` : base;
      const lazy = propertyOf(route, 'lazy');
      const specifier = lazy && importedSpecifier(lazy);
      const branch = specifier ? [...modules, path.resolve(path.dirname(file), specifier)] : modules;
      const children = propertyOf(route, 'children');
      const isIndex = propertyOf(route, 'index')?.value === true;
      if (isIndex || (typeof pathValue === 'string' && !children)) routes.push({ pattern: here || '/', modules: branch });
      if (children?.type === 'ArrayExpression') walk(children, here, branch);
    }
  };
  walk(table, '', []);
  return routes;
}

/** `/dashboard/phonebook/:id/entries` → `pages/dashboard-phonebook-id-entries.html`. */
export function pageFileName(pattern: string): string {
  return `pages/${pattern.split('/').filter(Boolean).map((s) => s.replace(/^:/, '')).join('-') || 'index'}.html`;
}

const withoutExtension = (file: string) => file.replace(/\.[cm]?[jt]sx?$/, '');

export function routePages({ routeTable, indexHtml = 'index.html' }: { routeTable: string; indexHtml?: string }): Plugin {
  return {
    name: 'kurir:route-pages',
    apply: 'build',
    // After Vite has written index.html into the bundle.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle[indexHtml];
      if (!html || html.type !== 'asset') this.error(`route-pages: ${indexHtml} is not in the bundle`);
      const template = String(html.source);
      const inTemplate = (file: string) => template.includes(`/${file}"`);

      const chunks = Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === 'chunk');
      // The chunk a route's import() loads: the one that holds the module and is imported dynamically
      // (with preserveEntrySignatures off, the bundler may merge a lazy module into a shared chunk).
      const dynamicTargets = new Set(chunks.flatMap((c) => c.dynamicImports));
      const chunkOf = (module: string) => {
        const holding = chunks.filter((c) => dynamicTargets.has(c.fileName) && c.moduleIds.some((id) => withoutExtension(id) === module));
        return holding.find((c) => c.facadeModuleId && withoutExtension(c.facadeModuleId) === module) ?? (holding.length === 1 ? holding[0] : undefined);
      };
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));

      const pages: Record<string, string> = {};
      for (const route of readRouteTable(routeTable)) {
        // "/" is the landing page's own build; unknown paths ("*") get index.html.
        if (route.pattern === '/' || route.pattern.includes('*')) continue;
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const add = (chunk: Rolldown.OutputChunk) => {
          if (scripts.has(chunk.fileName)) return;
          scripts.add(chunk.fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          for (const imported of chunk.imports) {
            const next = byFile.get(imported);
            if (next) add(next);
          }
        };
        for (const module of route.modules) {
          const chunk = chunkOf(module);
          if (!chunk) this.error(`route-pages: no single chunk for ${module} (route ${route.pattern})`);
          add(chunk);
        }
        const links = [
          // Stylesheets first: they block the first paint of the page, as Vite's loader would make them.
          ...[...styles].filter((f) => !inTemplate(f)).map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
          ...[...scripts].filter((f) => !inTemplate(f)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
        ];
        const fileName = pageFileName(route.pattern);
        pages[route.pattern] = fileName;
        this.emitFile({ type: 'asset', fileName, source: template.replace('</head>', `  ${links.join('\n    ')}\n  </head>`) });
      }
      this.emitFile({ type: 'asset', fileName: 'route-pages.json', source: `${JSON.stringify(pages, null, 2)}\n` });
    },
  };
}
