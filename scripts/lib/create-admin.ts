/**
 * `npm run create-admin -- EMAIL` (scripts/create-admin.ts): makes the first admin of a deployment, or promotes an
 * existing account. The password comes from ADMIN_PASSWORD, from standard input (piped), or is asked for on a terminal
 * (hidden). A new account needs one; for an existing account a given password replaces the old one. Weak passwords are
 * refused. Here as a function of its arguments, environment and streams, so that its tests run it without a process.
 */
import { createInterface } from "node:readline/promises";
import { Writable } from "node:stream";
import { demoAccounts } from "../../db/seed";
import { weakAdminPasswordReason } from "../../src/domain/password-strength";
import { AppError } from "../../src/errors";
import { emailSchema } from "../../src/schemas/auth";
import { systemClock } from "../../src-server/platform/clock";
import { loadConfig } from "../../src-server/platform/config";
import { openConfiguredDatabase } from "../../src-server/platform/database";
import { createMailer } from "../../src-server/platform/mail";
import { createConfiguredStorage } from "../../src-server/platform/storage";
import { createAccountService } from "../../src-server/modules/account";

const USAGE = "Usage: npm run create-admin -- EMAIL (password from ADMIN_PASSWORD, standard input, or asked for)";

export interface CreateAdminIo {
  /** The arguments after the script's name. */
  args: string[];
  env: NodeJS.ProcessEnv;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

async function readPassword({ env, stdin, stdout }: CreateAdminIo): Promise<string | undefined> {
  if (env.ADMIN_PASSWORD) return env.ADMIN_PASSWORD;
  if (!stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of stdin) chunks.push(Buffer.from(chunk));
    const line = Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0] ?? "";
    return line === "" ? undefined : line;
  }
  // Asked twice on the terminal, without echoing what is typed.
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) stdout.write(chunk.toString());
      done();
    },
  });
  const rl = createInterface({ input: stdin, output, terminal: true });
  const ask = async (prompt: string): Promise<string> => {
    stdout.write(prompt);
    muted = true;
    const answer = await rl.question("");
    muted = false;
    stdout.write("\n");
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

/** Runs the command; resolves to its exit code (2 for a usage or password refusal, 1 for a failure). */
export async function createAdmin(io: CreateAdminIo): Promise<number> {
  const error = (text: unknown) => io.stderr.write(`${text instanceof Error ? (text.stack ?? text.message) : String(text)}\n`);
  const [given] = io.args;
  const parsedEmail = emailSchema.safeParse(given ?? "");
  if (!parsedEmail.success) {
    error(given ? `Not a valid e-mail address: ${given}\n${USAGE}` : USAGE);
    return 2;
  }
  const email = parsedEmail.data;
  const password = await readPassword(io);
  if (password !== undefined) {
    // The README's demo passwords are public: guessing them is the first thing anyone tries.
    const reason = weakAdminPasswordReason(password, [email, ...email.split(/[@.]/), ...demoAccounts.map((a) => a.password)]);
    if (reason) {
      error(reason);
      return 2;
    }
  }
  const config = loadConfig(io.env);
  const database = await openConfiguredDatabase(config);
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
    const { user, created } = await account.createAdmin({ email, password });
    io.stdout.write(`${created ? `Created the admin account ${user.email}.` : `${user.email} is now an admin.`}\n`);
    return 0;
  } catch (caught) {
    error(caught instanceof AppError ? caught.message : caught);
    return 1;
  } finally {
    await database.close();
  }
}
