import { startPortal } from './start';
import { StartupFailure } from './startup-failure';

/** `npm start`: runs the portal; a fault an operator can fix is one line on stderr and exit code 1. */
async function main(): Promise<void> {
  const portal = await startPortal(process.env, {
    line: (text) => console.log(text),
    warn: (text) => console.warn(text),
  });
  const shutdown = async (signal: string) => {
    portal.app.log.info(`${signal}: finishing the requests in flight, then stopping`);
    try {
      await portal.shutdown();
    } catch (error) {
      portal.app.log.error({ err: error }, 'the shutdown did not finish cleanly');
      process.exit(1);
    }
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof StartupFailure) {
    console.error(error.message);
  } else {
    // Not a fault the start knows: still one line, with the stack for whoever turns on debug logging.
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    console.error(`The portal could not start: ${message} (LOG_LEVEL=debug prints the details).`);
    if (process.env.LOG_LEVEL === 'debug' || process.env.LOG_LEVEL === 'trace') console.error(error);
  }
  process.exit(1);
});
