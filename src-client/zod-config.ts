import { z } from "zod";

/**
 * Zod compiles fast object parsers with `new Function`, which the content security policy (script-src 'self', no
 * 'unsafe-eval') blocks with a console error on every page. Jitless zod never tries: imported first by main.tsx,
 * before any schema parses anything.
 */
z.config({ jitless: true });
