// A lint rule that keeps the web app's layers apart (apps/web/README.md, "How a feature is
// built"): a feature imports no other feature and not the app layer; lib/ and components/ import
// no feature and not the app layer. Written here, in a few lines, because the plugins that do it
// (import-x) pull a native resolver whose platform builds break `npm ci` on a clean machine.
import path from 'node:path';

/** The layer a file belongs to: 'app', 'lib', 'components', 'features/<name>' (admin areas count one by one), or null. */
export function webLayer(file, webRoot) {
  const rel = path.relative(webRoot, file).split(path.sep);
  if (rel[0] === '..' || rel.length < 2) return null;
  if (rel[0] !== 'features') return ['app', 'lib', 'components'].includes(rel[0]) ? rel[0] : null;
  if (rel[1] === 'admin' && rel.length > 3) return `features/admin/${rel[2]}`;
  return `features/${rel[1]}`;
}

export function boundaryProblem(from, to) {
  if (!from || !to || from === to) return null;
  if (from.startsWith('features/') && to.startsWith('features/')) {
    return 'Features do not import each other: move shared code to lib/ or components/, or compose them in app/.';
  }
  if (from.startsWith('features/') && to === 'app') return 'Features do not import the app layer; the app composes features.';
  if ((from === 'lib' || from === 'components') && (to === 'app' || to.startsWith('features/'))) {
    return 'lib/ and components/ are shared by every feature and import none.';
  }
  return null;
}

export function webBoundariesPlugin(webRoot) {
  return {
    rules: {
      'no-cross-layer-imports': {
        meta: { type: 'problem', schema: [] },
        create(context) {
          const file = context.filename;
          const from = webLayer(file, webRoot);
          const check = (node) => {
            const spec = node.source?.value;
            if (typeof spec !== 'string' || !spec.startsWith('.')) return;
            const problem = boundaryProblem(from, webLayer(path.resolve(path.dirname(file), spec), webRoot));
            if (problem) context.report({ node: node.source, message: problem });
          };
          return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
        },
      },
    },
  };
}
