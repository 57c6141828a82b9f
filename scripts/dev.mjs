#!/usr/bin/env node
/**
 * `npm run dev`: the API server with reload (tsx watch, port 8080) and Vite's dev server (port 5173,
 * proxying /api and /dev to the API server). Ctrl-C stops both.
 */
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/server.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: process.env.PORT ?? '8080' },
  }),
  spawn('npx', ['vite', '--port', '5173'], { stdio: 'inherit' }),
];

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
