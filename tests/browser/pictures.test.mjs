// Picture subtitles in the built-in player, in Chromium or Firefox ESR (puppeteer-core, see
// browsers.mjs), against tglink on the simulator. Started by subtitles_browser_test.cpp, which
// makes pictures.mkv: a black picture, a tone, a PGS track (pgs_sup.hpp: a white band across
// the top, shown from 2 s to 8 s) and the same cue converted to VobSub:
//   node pictures.test.mjs <plan.json>   plan.json: {"base_url", "stream", "engine", "screenshots"}
// The PGS track must be drawn in the browser (a canvas over a remux, nothing burned), only at
// its time; the VobSub track must be burned into a transcode. Both are looked for by pixels in
// screenshots of the video: bright at the top, where the cue is, nothing in the lower half.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { launch } from './browsers.mjs';
import { DESKTOP, WAIT_MS, check, expect, finish } from './checks.mjs';

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const CUE_FROM = 2;
const CUE_TO = 8;
const problems = []; // the page's errors and failed requests, told with a failed check

async function waitFor(page, predicate, arg, what) {
  try {
    await page.waitForFunction(predicate, { timeout: WAIT_MS, polling: 100 }, arg);
  } catch (error) {
    const root = await page.evaluate(() => ({ ...document.getElementById('player').dataset }));
    throw new Error(`${what}: ${error.message.split('\n')[0]}; player ${JSON.stringify(root)}; ` +
      `page problems ${JSON.stringify(problems.slice(-10))}`);
  }
}

// The share of bright pixels in each horizontal band [from, to) (fractions of the height) of a
// PNG, decoded in a blank page of the same browser (the player's CSP rightly refuses data:).
async function brightShares(browser, png, bands) {
  const page = await browser.newPage();
  try {
    return await page.evaluate(async (data, bandList) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d');
      context.drawImage(image, 0, 0);
      const pixels = context.getImageData(0, 0, image.width, image.height).data;
      return bandList.map(([from, to]) => {
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
    }, Buffer.from(png).toString('base64'), bands);
  } finally {
    await page.close();
  }
}

// The video's box as a PNG (the stage's screenshot clipped to the <video>).
async function videoShot(page) {
  const video = await page.$('#video');
  const box = await video.boundingBox();
  return page.screenshot({ clip: { x: box.x, y: box.y, width: box.width, height: box.height } });
}

// Looks a few times (a frame or a draw may be on its way) until `done(shares)`.
async function sharesUntil(browser, page, done) {
  let shares = [];
  for (let attempt = 0; attempt < 20; attempt += 1) {
    shares = await brightShares(browser, await videoShot(page), [[0.04, 0.14], [0.5, 0.9]]);
    if (done(shares)) break;
    await new Promise((resolve) => { setTimeout(resolve, 250); });
  }
  return shares;
}

async function openPlayer(browser) {
  const page = await browser.newPage();
  await page.setViewport(DESKTOP);
  const cspErrors = [];
  const foreign = [];
  const origin = new URL(plan.base_url).origin;
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) cspErrors.push(message.text());
    if (message.type() === 'error' || message.type() === 'warn') problems.push(message.text());
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
  return { page, cspErrors, foreign };
}

async function pgsSuite(browser) {
  const { page, cspErrors, foreign } = await openPlayer(browser);
  const name = `pictures.mkv in ${plan.engine}`;

  await check(`${name}: the PGS track is offered as drawn here, and picking it remuxes, burning nothing`, async () => {
    const label = await page.$eval('#subtitle-track option[value="0"]', (o) => ({ text: o.textContent, disabled: o.disabled }));
    expect(!label.disabled && /\(picture\)$/.test(label.text), `the PGS option reads ${JSON.stringify(label)}`);
    await page.select('#subtitle-track', '0');
    await waitFor(page, () => document.getElementById('player').dataset.pgsSubtitles === 'drawn', null,
      'the PGS renderer did not start');
    const method = await page.$eval('#player', (root) => root.dataset.method);
    expect(method === 'remux', `method ${method}: a drawn PGS track needs no transcode`);
  });

  await check(`${name}: nothing is drawn before the cue's time`, async () => {
    const time = await page.$eval('#video', (video) => video.currentTime);
    expect(time < CUE_FROM, `the video is already at ${time} s`);
    const shares = await sharesUntil(browser, page, () => false);
    expect(shares[0] < 0.01, `top band ${JSON.stringify(shares)} at ${time} s: drawn before its time`);
  });

  await check(`${name}: at the cue's time the canvas over the video shows it, at the top`, async () => {
    await page.click('#play');
    await waitFor(page, (from) => document.getElementById('video').currentTime > from + 0.5, CUE_FROM,
      'playback did not reach the cue');
    await page.mouse.move(0, 0); // the controls fold away from the picture
    const shares = await sharesUntil(browser, page, (s) => s[0] > 0.5);
    await page.screenshot({ path: join(plan.screenshots, `pictures-pgs-${plan.engine}.png`) });
    expect(shares[0] > 0.5, `top band ${JSON.stringify(shares)}: the cue is not drawn`);
    expect(shares[1] < 0.002, `lower half ${JSON.stringify(shares)}: something is drawn at the bottom`);
    const canvas = await page.$('.pgs-canvas');
    expect(canvas !== null, 'no canvas over the video');
  });

  await check(`${name}: after the cue's end it is cleared`, async () => {
    await page.evaluate((to) => { document.getElementById('video').currentTime = to + 0.5; }, CUE_TO);
    await waitFor(page, (to) => document.getElementById('video').currentTime > to, CUE_TO, 'the seek did not land');
    const shares = await sharesUntil(browser, page, (s) => s[0] < 0.01);
    expect(shares[0] < 0.01, `top band ${JSON.stringify(shares)}: still drawn after its end`);
  });

  await check(`${name}: the renderer needs nothing the page's CSP refuses, nothing from elsewhere`, async () => {
    expect(cspErrors.length === 0, `CSP errors: ${cspErrors.join('; ')}`);
    expect(foreign.length === 0, `requests elsewhere: ${foreign.join(' ')}`);
  });
  await page.close();
}

async function vobSubSuite(browser) {
  const { page } = await openPlayer(browser);
  const name = `pictures.mkv in ${plan.engine}`;

  await check(`${name}: the VobSub track is burned into a transcode when picked`, async () => {
    const label = await page.$eval('#subtitle-track option[value="1"]', (o) => ({ text: o.textContent, disabled: o.disabled }));
    expect(!label.disabled && /burned in on the server/.test(label.text), `the VobSub option reads ${JSON.stringify(label)}`);
    await page.select('#subtitle-track', '1');
    await waitFor(page, () => document.getElementById('player').dataset.method === 'transcode', null,
      'no transcode for the VobSub track');
    const notice = await page.$eval('#playback-notice', (n) => n.textContent);
    expect(/burned into the video/.test(notice), `the notice says: ${notice}`);
    const drawn = await page.$eval('#player', (root) => root.dataset.pgsSubtitles || '');
    expect(drawn === '', 'the PGS renderer runs for a VobSub track');
  });

  await check(`${name}: the burned-in cue is in the picture at its time`, async () => {
    await page.click('#play');
    await waitFor(page, (from) => document.getElementById('video').currentTime > from + 0.5, CUE_FROM,
      'playback did not reach the cue');
    await page.mouse.move(0, 0);
    const shares = await sharesUntil(browser, page, (s) => s[0] > 0.5);
    await page.screenshot({ path: join(plan.screenshots, `pictures-vobsub-${plan.engine}.png`) });
    expect(shares[0] > 0.5, `top band ${JSON.stringify(shares)}: the burned-in cue is not in the picture`);
    expect(shares[1] < 0.002, `lower half ${JSON.stringify(shares)}: something is drawn at the bottom`);
  });
  await page.close();
}

async function main() {
  mkdirSync(plan.screenshots, { recursive: true });
  const { browser, close } = await launch(plan.engine);
  try {
    await pgsSuite(browser);
    await vobSubSuite(browser);
  } finally {
    await close();
  }
  finish();
}

main().catch((error) => finish(error));
