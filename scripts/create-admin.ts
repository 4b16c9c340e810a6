import { AppError } from "../src/errors";
import { systemClock } from "../src-server/clock";
import { createUserService } from "../src-server/services/users";
import { openConfiguredDatabase } from "./db";

// npm run create-admin -- EMAIL: gives an existing account the admin role.
const email = process.argv[2];
if (!email) {
  console.error("Usage: npm run create-admin -- EMAIL (the account must exist: sign up first)");
  process.exit(2);
}

const { database } = await openConfiguredDatabase();
try {
  const user = await createUserService({ db: database.db, clock: systemClock }).setRoleByEmail(email, "admin");
  console.log(`${user.email} is now an admin.`);
} catch (error) {
  console.error(error instanceof AppError ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
