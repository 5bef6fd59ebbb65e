/**
 * The Chromium that the browser tests, the diagram renderer and the bench drive (Debian's, or
 * CHROMIUM_PATH; test tools cannot download one here) and the flags it runs with.
 */
import {execFileSync} from 'node:child_process';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** What `chromium --version` prints, for example "Chromium 156.0.8078.79 built on Debian GNU/Linux 12 (bookworm)". */
export function chromiumVersion(): string {
  return execFileSync(chromiumPath, ['--version'], {encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore']}).trim();
}
