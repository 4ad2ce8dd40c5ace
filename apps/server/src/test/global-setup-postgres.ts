// Migrates one PostgreSQL template database; every test file gets its own database created
// from it (CREATE DATABASE … TEMPLATE copies files, no migrations per file).
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { wrapPool } from '../db/client';
import { runMigrations } from '../db/migrate';
import { databaseUrl } from './postgres';

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const template = `kurir_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${template} with (force)`);
  await admin.query(`create database ${template}`);
  const handle = wrapPool(new pg.Pool({ connectionString: databaseUrl(adminUrl, template), max: 1 }));
  await runMigrations(handle);
  await handle.close();
  project.provide('postgresTemplate', template);
  return async () => {
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
  };
}
