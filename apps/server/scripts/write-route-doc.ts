// npm run docs:routes: rewrites docs/routes.md from the app's route table.
import fs from 'node:fs';
import { ROUTE_DOC_PATH, renderRouteDoc } from '../src/http/route-doc';

fs.writeFileSync(ROUTE_DOC_PATH, await renderRouteDoc());
console.log(`Wrote ${ROUTE_DOC_PATH}`);
