// First: the tracing instrumentations patch `pg` and `socket.io` as they load (off unless configured).
import './tracing.js';
import fs from 'node:fs';
import { compileEmbeddedEngine } from './db/embedded-engine.js';

if (fs.existsSync('.env')) process.loadEnvFile('.env');
// Without DATABASE_URL the node runs on the embedded database. Its engine compiles on other threads
// while the node's modules load, which is why they are imported only now.
const engine = process.env.DATABASE_URL ? undefined : compileEmbeddedEngine();
const { startNode } = await import('./node.js');
await startNode({ engine });
