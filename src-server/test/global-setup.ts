import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../db/client";
import { migrate } from "../../db/migrate";
import { installJobTables, jobDatabaseOf } from "../platform/jobs";

declare module "vitest" {
  export interface ProvidedContext {
    /** A tarball of a migrated PGlite data directory; each test file opens its own copy. */
    pgliteTemplate: string;
    /** On a real server: the migrated template database that each test file clones. */
    postgresTemplate: string | null;
  }
}

/** Migrates once per run; test files clone the result instead of migrating again. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "seer-test-"));
  const template = await openDatabase({});
  await migrate(template.db);
  await installJobTables(jobDatabaseOf(template));
  const tarball = path.join(dir, "template.tar");
  const client = (template.db as unknown as { $client: { dumpDataDir(c: "none"): Promise<Blob> } }).$client;
  writeFileSync(tarball, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
  await template.close();
  project.provide("pgliteTemplate", tarball);

  let dropTemplate: (() => Promise<void>) | undefined;
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `seer_test_template_${process.pid}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${name}`);
    await admin.unsafe(`create database ${name}`);
    const templateUrl = withDatabase(url, name);
    const db = await openDatabase({ url: templateUrl, maxConnections: 1 });
    await migrate(db.db);
    await installJobTables(jobDatabaseOf(db));
    await db.close();
    project.provide("postgresTemplate", name);
    dropTemplate = async () => {
      const leftovers = await admin<
        { datname: string }[]
      >`select datname from pg_database where datname like ${`seer_test_${process.pid}_%`} or datname = ${name}`;
      for (const { datname } of leftovers) await admin.unsafe(`drop database if exists ${datname} with (force)`);
      await admin.end();
    };
  } else {
    project.provide("postgresTemplate", null);
  }

  return async () => {
    await dropTemplate?.();
    rmSync(dir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
