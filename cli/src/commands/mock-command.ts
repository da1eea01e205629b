import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

import { Command, Option } from 'commander';

import type { CliIo } from '../cli-io.ts';
import { UsageError } from '../exit-codes.ts';
import { parseInteger, parsePort } from '../option-parsers.ts';
import { mockServerModulePath } from '../repo-paths.ts';

// What the CLI expects mock/src/server.ts to export. Declared here rather
// than imported so the CLI type-checks and runs before the mock exists.
// TODO(mock): import the real types from mock/src/server.ts once it lands.
export type StartMockServerOptions = {
  port: number;
  seed?: number;
  fresh?: boolean;
  dataDir?: string;
};

export type MockServerHandle = {
  url?: string;
  close(): Promise<void> | void;
};

type MockServerModule = {
  startMockServer(options: StartMockServerOptions): Promise<MockServerHandle | void> | MockServerHandle | void;
};

type MockOptions = { port: number; seed?: number; fresh?: boolean; dataDir?: string };

export function mockCommand(
  io: CliIo,
  loadModule: () => Promise<unknown> = loadMockServerModule,
  waitForStop: () => Promise<void> = untilSignal,
): Command {
  return new Command('mock')
    .description('start the mock API server (mock/src/server.ts) in the foreground')
    .addOption(new Option('--port <port>', 'port to listen on').default(3333).argParser(parsePort))
    .addOption(new Option('--seed <n>', 'seed for generated data, for reproducible runs').argParser(parseInteger))
    .option('--fresh', 'discard stored mock data and start from the seed')
    .option('--data-dir <dir>', 'where the mock keeps its data between runs')
    .action(async (options: MockOptions) => {
      const module = (await loadModule()) as Partial<MockServerModule>;
      if (typeof module.startMockServer !== 'function') {
        throw new UsageError(`${mockServerModulePath} does not export startMockServer()`);
      }
      const startOptions: StartMockServerOptions = { port: options.port };
      if (options.seed !== undefined) startOptions.seed = options.seed;
      if (options.fresh === true) startOptions.fresh = true;
      if (options.dataDir !== undefined) startOptions.dataDir = options.dataDir;

      const handle = await module.startMockServer(startOptions);
      io.stderr.write(`mock listening on ${handle?.url ?? `http://localhost:${options.port}`} (Ctrl-C to stop)\n`);
      await waitForStop();
      await handle?.close();
    });
}

async function loadMockServerModule(): Promise<unknown> {
  if (!existsSync(mockServerModulePath)) {
    throw new UsageError(`the mock server is not available yet: ${mockServerModulePath} does not exist`);
  }
  return import(pathToFileURL(mockServerModulePath).href);
}

function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
