/**
 * npm run create-admin -- EMAIL: makes the first admin of a deployment, or promotes an existing account.
 * The password comes from ADMIN_PASSWORD, from standard input (piped), or is asked for on a terminal (hidden). A new
 * account needs one; for an existing account a given password replaces the old one. Weak passwords are refused.
 */
import { createInterface } from "node:readline/promises";
import { Writable } from "node:stream";
import { demoAccounts } from "../db/seed";
import { weakAdminPasswordReason } from "../src/domain/password-strength";
import { AppError } from "../src/errors";
import { emailSchema } from "../src/schemas/auth";
import { systemClock } from "../src-server/platform/clock";
import { createMailer } from "../src-server/platform/mail";
import { createConfiguredStorage } from "../src-server/platform/storage";
import { createAccountService } from "../src-server/modules/account";
import { openConfiguredDatabase } from "./db";

const USAGE = "Usage: npm run create-admin -- EMAIL (password from ADMIN_PASSWORD, standard input, or asked for)";

async function readPassword(): Promise<string | undefined> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    const line = Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0] ?? "";
    return line === "" ? undefined : line;
  }
  // Asked twice on the terminal, without echoing what is typed.
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  const ask = async (prompt: string): Promise<string> => {
    process.stdout.write(prompt);
    muted = true;
    const answer = await rl.question("");
    muted = false;
    process.stdout.write("\n");
    return answer;
  };
  try {
    const first = await ask("Password (at least 12 characters; empty keeps an existing account's password): ");
    if (first === "") return undefined;
    if ((await ask("Repeat the password: ")) !== first) throw new AppError("BAD_REQUEST", "The passwords do not match.");
    return first;
  } finally {
    rl.close();
  }
}

async function main(): Promise<void> {
  const parsedEmail = emailSchema.safeParse(process.argv[2] ?? "");
  if (!parsedEmail.success) {
    console.error(process.argv[2] ? `Not a valid e-mail address: ${process.argv[2]}\n${USAGE}` : USAGE);
    process.exitCode = 2;
    return;
  }
  const email = parsedEmail.data;
  const password = await readPassword();
  if (password !== undefined) {
    // The README's demo passwords are public: guessing them is the first thing anyone tries.
    const reason = weakAdminPasswordReason(password, [email, ...email.split(/[@.]/), ...demoAccounts.map((a) => a.password)]);
    if (reason) {
      console.error(reason);
      process.exitCode = 2;
      return;
    }
  }
  const { config, database } = await openConfiguredDatabase();
  try {
    const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir });
    const account = createAccountService({
      db: database.db,
      clock: systemClock,
      config,
      mailer,
      // No job runs here: what little this script could mail goes at once.
      outbox: {
        send: (_key, message) => mailer.send(message),
        sendMany: async (mails) => {
          for (const { message } of mails) await mailer.send(message);
        },
      },
      storage: createConfiguredStorage(config),
    });
    const { user, created } = await account.createAdmin({
      email,
      password,
    });
    console.log(created ? `Created the admin account ${user.email}.` : `${user.email} is now an admin.`);
  } catch (error) {
    console.error(error instanceof AppError ? error.message : error);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

await main();
