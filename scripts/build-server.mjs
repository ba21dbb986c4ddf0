// npm run build (with the web app): the server and simulator bundles `npm start` runs, built when missing or
// older than their sources, so the browser tests and a later start run exactly what ships.
import { ensureServerBuilt, ensureSimulatorBuilt } from './lib/builds.mjs';

if (await ensureServerBuilt()) console.log('Built the server bundle (apps/server/dist/server.mjs).');
else console.log('The server bundle is up to date.');
if (await ensureSimulatorBuilt()) console.log('Built the simulator bundle (apps/simulator/dist/simulator.mjs).');
else console.log('The simulator bundle is up to date.');
