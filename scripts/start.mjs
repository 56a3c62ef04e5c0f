// `npm start`: builds the member app and the operator console when their sources changed since the last build (a hash of
// the sources is kept beside each build), then runs the server in this
// process (tsx compiles the TypeScript on load), so signals reach its graceful shutdown. `SITE=la npm start` is the
// Laos build: its own member app (VITE_SITE=la, in apps/web/dist-la), demo data and embedded database.
import { register } from 'tsx/esm/api';
import { buildChangedApps } from './build-apps.mjs';

buildChangedApps(process.env.SITE === 'la' ? 'la' : 'th');
register();
await import('../apps/server/src/main.ts');
