/**
 * `npm run sandbox [-- --port 4010] [--state file.json]`: Plaza's sandbox on http://127.0.0.1:<port>.
 * With `--state`, the state is loaded from the file when it exists, and saved to it on Ctrl-C
 * (SIGINT), on SIGTERM and on `POST /_sandbox/save`. See sandbox/server.ts.
 */
import {parseArgs} from 'node:util';
import {plazaSeed} from './core/plaza-seed';
import {startSandboxServer} from './server';

async function main() {
  const {values} = parseArgs({options: {port: {type: 'string', default: '4010'}, state: {type: 'string'}}});
  if (!/^\d{1,5}$/.test(values.port) || Number(values.port) > 65535) throw new Error(`--port takes a port number, not "${values.port}"`);
  const sandbox = await startSandboxServer({port: Number(values.port), stateFile: values.state, seed: plazaSeed});
  console.log(
    `Plaza sandbox on ${sandbox.origin} — any sk_test_ key opens an account holding the examples' objects; state in memory${values.state ? `, saved to ${values.state}` : ''}`,
  );
  const stop = () => {
    try {
      sandbox.save();
      process.exit(0);
    } catch (error) {
      console.error(`sandbox: the state could not be saved: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
  };
  process.once('SIGINT', stop).once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`sandbox: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
