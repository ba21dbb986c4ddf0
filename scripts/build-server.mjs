// npm run build (with the web app): the server bundle `npm start` runs, built when missing or older than its
// sources, so the browser tests and a later start run exactly what ships.
import { ensureServerBuilt } from './lib/builds.mjs';

if (await ensureServerBuilt()) console.log('Built the server bundle (apps/server/dist/server.mjs).');
else console.log('The server bundle is up to date.');
