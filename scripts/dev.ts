import { spawn } from "node:child_process";

// Development: the API on API_PORT (3001) restarting on change, and Vite on PORT (3000) proxying /api and /trpc to it.
const apiPort = process.env.API_PORT ?? "3001";
const children = [
  spawn(process.execPath, ["--import", "tsx", "--watch", "src-server/main.ts"], {
    stdio: "inherit",
    env: {
      ...process.env,
      LOG_PRETTY: process.env.LOG_PRETTY ?? "true",
      PORT: apiPort,
      PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`,
    },
  }),
  spawn(process.execPath, ["node_modules/vite/bin/vite.js"], { stdio: "inherit", env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => (code ? (stop(), (process.exitCode = code)) : undefined));
