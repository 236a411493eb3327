export { buildApp } from './app.ts';
export { startServer, type Server } from './bootstrap.ts';
export { loadConfig, type Config } from './config.ts';
export { openDatabase } from './db/client.ts';
