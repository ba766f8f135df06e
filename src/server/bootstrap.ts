import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedDatabase, type SeedOptions } from './seed/seed';
import type { MailTransport } from './mail/transport';

export interface ShopOptions {
  logger?: FastifyServerOptions['logger'];
  backgroundJobs?: boolean;
  serveWeb?: boolean;
  seed?: SeedOptions;
  searchPath?: string;
  mailTransport?: MailTransport;
  screenEntry?: string;
}

export interface Shop {
  app: FastifyInstance;
  database: DatabaseHandle;
}

/** Opens the database, brings its schema up to date, seeds first-start data and builds the app. */
export async function createShop(config: Config, options: ShopOptions = {}): Promise<Shop> {
  const database = openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.dataDir,
    ...(options.searchPath ? { searchPath: options.searchPath } : {}),
  });
  try {
    await migrateToLatest(database);
    const app = await buildApp({
      config,
      database,
      ...(options.logger !== undefined ? { logger: options.logger } : {}),
      ...(options.backgroundJobs !== undefined ? { backgroundJobs: options.backgroundJobs } : {}),
      ...(options.serveWeb !== undefined ? { serveWeb: options.serveWeb } : {}),
      ...(options.mailTransport ? { mailTransport: options.mailTransport } : {}),
      ...(options.screenEntry ? { screenEntry: options.screenEntry } : {}),
    });
    app.addHook('onClose', async () => database.close());
    await seedDatabase(database.db, config, app.log, options.seed);
    return { app, database };
  } catch (error) {
    await database.close();
    throw error;
  }
}
