// ASS/SSA drawn as authored, in headless Chromium (playwright-core), against tglink on the
// simulator. Started by subtitles_browser_test.cpp, which makes sign.mkv (a black picture and
// an ASS sign: a white band across the top sixth with a line of text under it):
//   node subtitles.test.mjs <plan.json>      plan.json: {"base_url", "stream", "screenshots"}
// The sign is looked for by pixels, in the screenshot of the video: bright at the top, where the
// script puts it, and nothing in the lower half, where a plain (unstyled) cue would be.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

import { CHROMIUM, DESKTOP, WAIT_MS, check, expect, finish } from './checks.mjs';
import { plan } from './plan.mjs';

const BROWSER_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--autoplay-policy=no-user-gesture-required'];

const problems = []; // the page's errors and failed requests, told with a failed check

async function waitFor(page, predicate, arg, what) {
  try {
    await page.waitForFunction(predicate, arg, { timeout: WAIT_MS });
  } catch (error) {
    const root = await page.evaluate(() => ({ ...document.getElementById('player').dataset }));
    throw new Error(`${what}: ${error.message.split('\n')[0]}; player ${JSON.stringify(root)}; ` +
      `page problems ${JSON.stringify(problems.slice(-10))}`);
  }
}

// The share of bright pixels in each horizontal band [from, to) (fractions of the height) of a
// PNG, decoded in a blank page (the player's CSP rightly allows no data: images).
async function brightShares(context, png, bands) {
  const page = await context.newPage();
  try {
    return await page.evaluate(async ({ data, bands }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d');
      context.drawImage(image, 0, 0);
      const pixels = context.getImageData(0, 0, image.width, image.height).data;
      return bands.map(([from, to]) => {
        let bright = 0;
        let all = 0;
        for (let y = Math.floor(from * image.height); y < Math.floor(to * image.height); y += 1) {
          for (let x = 0; x < image.width; x += 1) {
            const i = (y * image.width + x) * 4;
            if (pixels[i] + pixels[i + 1] + pixels[i + 2] > 3 * 180) bright += 1;
            all += 1;
          }
        }
        return all === 0 ? 0 : bright / all;
      });
    }, { data: png.toString('base64'), bands });
  } finally {
    await page.close();
  }
}

async function signSuite(context) {
  const page = await context.newPage();
  await page.setViewportSize(DESKTOP);
  const cspErrors = [];
  const foreign = [];
  const origin = new URL(plan.base_url).origin;
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  page.on('request', (request) => {
    const url = request.url();
    if (/^https?:/.test(url) && new URL(url).origin !== origin) foreign.push(url);
  });
  await page.goto(`${plan.base_url}/player?stream=${encodeURIComponent(plan.stream)}`);
  await waitFor(page, () => document.getElementById('player').dataset.method, null, 'no decision');

  await check('sign.mkv: the ASS track is offered and drawn by the libass renderer', async () => {
    await page.selectOption('#subtitle-track', '0');
    await waitFor(page, () => document.getElementById('player').dataset.assSubtitles === 'drawn', null,
      'the ASS renderer did not start');
    await page.click('#play');
    await waitFor(page, () => document.getElementById('video').currentTime > 2, null, 'playback did not start');
    const plain = await page.evaluate(() => Array.from(document.getElementById('video').textTracks)
      .some((track) => track.mode === 'showing'));
    expect(!plain, 'the plain WebVTT copy is shown as well');
  });

  await check('sign.mkv: the sign is at the top of the picture, nothing at the bottom', async () => {
    await page.mouse.move(0, 0); // the controls fold away from the picture
    let shares = [];
    // The renderer draws on the next frames: look a few times before concluding.
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const shot = await page.locator('#video').screenshot();
      shares = await brightShares(context, shot, [[0.02, 0.14], [0.5, 0.75]]);
      if (shares[0] > 0.5) break;
      await page.waitForTimeout(250);
    }
    await page.screenshot({ path: join(plan.screenshots, 'subtitles-ass-sign.png') });
    expect(shares[0] > 0.5, `top band ${JSON.stringify(shares)}: the sign is not drawn at the top`);
    expect(shares[1] < 0.002, `lower half ${JSON.stringify(shares)}: something is drawn at the bottom`);
  });

  await check('sign.mkv: the renderer needs nothing the page\'s CSP refuses, nothing from elsewhere', async () => {
    expect(cspErrors.length === 0, `CSP errors: ${cspErrors.join('; ')}`);
    expect(foreign.length === 0, `requests elsewhere: ${foreign.join(' ')}`);
  });
  await page.close();
}

async function main() {
  mkdirSync(plan.screenshots, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: BROWSER_ARGS });
  try {
    const context = await browser.newContext();
    await signSuite(context);
    await context.close();
  } finally {
    await browser.close();
  }
  finish();
}

main().catch((error) => finish(error));
