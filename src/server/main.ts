/** Starts the server: configuration, build, listen, clean shutdown. Everything else is in app.ts. */
import { buildApp } from './app';
import { ConfigError, loadConfig, type ServerConfig } from './config';
import { StartupError } from './startupError';
import { startupNotes } from './startupNotes';

/** A bad environment variable ends the process with one clear line, not a stack trace. */
function configOrExit(): ServerConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Configuration error: ${error.message}`);
    process.exit(1);
  }
}

async function start(): Promise<void> {
  const config = configOrExit();
  const app = await buildApp(config);
  let closing = false;
  const close = (signal: string): void => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'close failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => close('SIGINT'));
  process.once('SIGTERM', () => close('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  for (const note of startupNotes(config)) app.log.info(note);
}

start().catch((error: unknown) => {
  console.error(error instanceof StartupError ? error.message : error);
  process.exit(1);
});
