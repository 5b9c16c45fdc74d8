import path from 'node:path';
import { loadBuiltFrontEnd, runServer } from './run-server';

/** This file runs as dist/app/main.js, so the build it belongs to is its parent folder. */
const OWN_BUILD = path.resolve(import.meta.dirname, '..');

runServer({ ownBuild: OWN_BUILD, loadFrontEnd: loadBuiltFrontEnd });
