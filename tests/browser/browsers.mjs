// Starts a browser for the tests that run in both engines, through puppeteer-core (npm, pinned):
// Debian's Chromium over the DevTools protocol, and Debian's Firefox ESR over WebDriver BiDi.
// Firefox gets a PulseAudio of its own with a null sink, because a headless Firefox starts an
// AudioContext only when there is an audio device, and the tests listen to what it plays.
// The Chromium-only page tests (batch, player) use playwright-core's persistent context instead.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';

import { CHROMIUM } from './checks.mjs';

export const FIREFOX = process.env.TGLINK_FIREFOX || '/usr/bin/firefox-esr';
export const ENGINES = ['chromium', 'firefox'];

// No sandbox (the tests may run as root), no GPU, no traffic of Chromium's own, and no spare
// renderer: Chromium starts one ahead for the next tab, which in the suites that open a page per
// file was a quarter of all renderers (the playback matrix: 56 renderer processes → 42–46, about
// 6 % of its CPU; docs/development.md). What a page does is the same either way.
const QUIET_CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--disable-features=SpareRendererForSitePerProcess'];
export const CHROMIUM_ARGS = [...QUIET_CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'];

// Autoplay as a viewer who pressed Play would have it; no update or telemetry traffic.
const FIREFOX_PREFS = {
  'media.autoplay.default': 0,
  'media.autoplay.blocking_policy': 0,
  'media.autoplay.block-webaudio': false,
  'app.update.enabled': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'toolkit.telemetry.enabled': false,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
};

function sleep(ms) {
  return new Promise((resolve) => { setTimeout(resolve, ms); });
}

// A PulseAudio daemon with one null sink, in a folder of its own; stop() ends it.
async function startPulseAudio() {
  const dir = mkdtempSync(join(tmpdir(), 'tglink-pulse-'));
  const runtime = join(dir, 'run');
  mkdirSync(runtime, { recursive: true });
  const env = { ...process.env, HOME: dir, XDG_RUNTIME_DIR: runtime };
  const daemon = spawn('pulseaudio', ['--daemonize=no', '--exit-idle-time=-1', '-n',
    '--load=module-null-sink sink_name=null', '--load=module-native-protocol-unix'],
  { env, stdio: 'ignore' });
  const socket = join(runtime, 'pulse', 'native');
  for (let tries = 0; tries < 100 && !existsSync(socket); tries += 1) await sleep(100);
  if (!existsSync(socket)) {
    daemon.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw new Error('pulseaudio did not start (is it installed? scripts/install-deps.sh --test)');
  }
  return {
    server: `unix:${socket}`,
    stop: async () => {
      daemon.kill('SIGTERM');
      await new Promise((resolve) => { if (daemon.exitCode !== null) resolve(); else daemon.on('exit', resolve); });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// {browser, close()} for `engine` ("chromium" or "firefox").
export async function launch(engine) {
  if (engine === 'chromium') {
    const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    return { browser, close: () => browser.close() };
  }
  if (engine !== 'firefox') throw new Error(`unknown engine ${engine}`);
  if (!existsSync(FIREFOX)) throw new Error(`${FIREFOX} is missing: scripts/install-deps.sh --test`);
  const pulse = await startPulseAudio();
  try {
    const browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX,
      headless: true,
      extraPrefsFirefox: FIREFOX_PREFS,
      env: { ...process.env, PULSE_SERVER: pulse.server },
    });
    return {
      browser,
      close: async () => {
        await browser.close();
        await pulse.stop();
      },
    };
  } catch (error) {
    await pulse.stop();
    throw error;
  }
}

// Runs `body(context)` in Debian's Chromium through playwright-core, in a profile of its own that
// is removed afterwards; `options` add to launchPersistentContext's (acceptDownloads, say).
export async function inChromiumProfile(options, body) {
  const profile = mkdtempSync(join(tmpdir(), 'tglink-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', ...QUIET_CHROMIUM_ARGS],
    ...options,
  });
  try {
    return await body(context);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
