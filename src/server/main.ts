import { ConfigError, loadConfig } from './config';
import { createShop } from './bootstrap';

async function main() {
  const config = loadConfig();
  const { app } = await createShop(config, { backgroundJobs: true });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // A stuck connection must not keep the process alive past a deploy's grace period.
    setTimeout(() => process.exit(1), 10_000).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Ghee Shop is open at ${config.PUBLIC_URL} (database: ${app.ctx.dialect})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
