import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { mantineStylesPerComponent } from "./scripts/lib/mantine-styles";
import { lazyReactDomClient } from "./scripts/lib/lazy-react-dom";
import { mantineUnusedStatics } from "./scripts/lib/mantine-unused-statics";
import { mantineUseId } from "./scripts/lib/mantine-use-id";

/**
 * `vite build --ssr`: the renderer of public pages (src-client/ssr.tsx) for the server, in dist/ssr. Packages stay
 * imports of node_modules; stylesheets are the client build's.
 */
const ssrBuild = {
  outDir: "../dist/ssr",
  emptyOutDir: true,
  copyPublicDir: false,
  sourcemap: false,
  rolldownOptions: { input: "ssr.tsx", output: { entryFileNames: "ssr.js" } },
};

const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig(({ isSsrBuild }) => ({
  root: "src-client",
  publicDir: "public",
  plugins: [
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: "./routes",
      generatedRouteTree: "./routeTree.gen.ts",
      quoteStyle: "double",
    }),
    react(),
    mantineStylesPerComponent(),
    mantineUseId(),
    mantineUnusedStatics(),
    lazyReactDomClient(),
  ],
  resolve: {
    alias: [
      // React 19 has useSyncExternalStore: the shim's fallback for older Reacts (TanStack's store) is dead weight in
      // every first load (issue #18). Same API, without the shim.
      { find: /^use-sync-external-store\/shim\/with-selector$/, replacement: "use-sync-external-store/with-selector" },
    ],
  },
  build: isSsrBuild
    ? ssrBuild
    : {
        outDir: "../dist/client",
        // .vite/manifest.json: the server links a drawn page's own stylesheets and code from it (scripts/build-ssr.ts).
        manifest: true,
        emptyOutDir: true,
        // No source maps in the build unless asked for (SOURCEMAP=true, for local debugging); the server never serves
        // them in production anyway (src-server/app.ts).
        sourcemap: process.env.SOURCEMAP === "true",
        chunkSizeWarningLimit: 700,
        // Every browser we support preloads modules natively; the polyfill would only add to each first load.
        modulePreload: { polyfill: false },
        // Fonts stay files: inlined into the stylesheet, every page would carry the faces it never shows.
        assetsInlineLimit: (file) => (file.endsWith(".woff2") ? false : undefined),
        rolldownOptions: {
          treeshake: {
            // These packages declare no `sideEffects` and have none, so what the client does not use can go: tRPC's
            // WebSocket link (kept alive by a static class field) and superjson's unused parts were in every first load.
            moduleSideEffects: [{ test: /node_modules[\\/](@trpc[\\/](client|react-query)|superjson)[\\/]/, sideEffects: false }],
          },
          output: {
            // Everything the entry imports statically (React, the router, tRPC, Mantine's core, the layout) in one file:
            // fetched on every first load anyway, it compresses better whole than in 13 shared chunks (issue #18).
            codeSplitting: { groups: [{ name: "shell", tags: ["$initial"] }] },
            // Lazy chunks and assets named by their hash alone: the entry lists every one it may preload (about 190),
            // and their module names made that list a kilobyte of every first load (issue #18).
            chunkFileNames: "assets/c[hash].js",
            assetFileNames: (asset) =>
              asset.names.some((n) => n.endsWith(".woff2")) ? "assets/[name]-[hash][extname]" : "assets/a[hash][extname]",
          },
        },
      },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      // ws: the meeting room's signaling socket lives under /api/.
      "/api": { target: `http://127.0.0.1:${apiPort}`, ws: true },
      "/trpc": `http://127.0.0.1:${apiPort}`,
      "/healthz": `http://127.0.0.1:${apiPort}`,
    },
  },
}));
