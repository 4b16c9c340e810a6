/**
 * npm run create-admin -- EMAIL: makes the first admin of a deployment, or promotes an existing account.
 * The password comes from ADMIN_PASSWORD, from standard input (piped), or is asked for on a terminal (hidden); see
 * scripts/lib/create-admin.ts.
 */
import { createAdmin } from "./lib/create-admin";

process.exitCode = await createAdmin({
  args: process.argv.slice(2),
  env: process.env,
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
});
