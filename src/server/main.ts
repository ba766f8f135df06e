import { ConfigError, isLoopbackHost, loadConfig, startupProblem } from './config';
import { createShop } from './bootstrap';

async function main() {
  const config = loadConfig();
  const problem = startupProblem(config);
  if (problem) throw new ConfigError(problem);
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
  if (!config.publicUrlSet) {
    app.log.warn(
      `Ghee Shop is open at ${config.PUBLIC_URL} on this machine only (a trial: PUBLIC_URL is not set). ` +
        'To open it to customers, set PUBLIC_URL to the address they use (docs/operations.md).',
    );
  } else if (isLoopbackHost(config.HOST)) {
    app.log.info(`Ghee Shop is open at ${config.PUBLIC_URL}, listening on this machine only (HOST=${config.HOST}; database: ${app.ctx.dialect})`);
  } else {
    app.log.info(`Ghee Shop is open at ${config.PUBLIC_URL} (listening on ${config.HOST}:${config.PORT}; database: ${app.ctx.dialect})`);
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
