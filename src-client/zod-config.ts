/**
 * Zod compiles fast object parsers with `new Function`, which the content security policy (script-src 'self', no
 * 'unsafe-eval') blocks with a console error on every page. Jitless zod never tries: imported first by main.tsx,
 * before any schema parses anything.
 *
 * zod keeps its configuration on `globalThis.__zod_globalConfig` and adopts an object already there when it loads
 * (zod/v4/core/core.js), so the setting is written without importing zod: zod's own code then stays in the chunks of
 * the pages whose forms use it, out of every page's entry chunk (issue #18). zod-config.test.ts checks zod reads it.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig ?? {}, { jitless: true });

export {};
