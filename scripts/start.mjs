// `npm start`: builds the member app, the operator console and the server's bundle when their
// sources changed since the last build (a hash of the sources is kept beside each build), then runs
// the server in this process, so signals reach its graceful shutdown. `SITE=la npm start` is the
// Laos build: its own member app (VITE_SITE=la, in apps/web/dist-la), demo data and embedded database.
import { pathToFileURL } from 'node:url';
import { SERVER_BUNDLE, buildChangedApps, buildChangedServer } from './build-apps.mjs';

buildChangedApps(process.env.SITE === 'la' ? 'la' : 'th');
await buildChangedServer();
await import(pathToFileURL(SERVER_BUNDLE).href);
