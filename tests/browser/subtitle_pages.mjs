// What the subtitle tests share (subtitles.test.mjs, pictures.test.mjs), through puppeteer-core in
// Chromium or Firefox ESR: opening the player with its problems, CSP reports and foreign requests
// recorded, waiting with the page's state told on a timeout, and looking for a cue by pixels in
// screenshots of the video (bright at the top, where the cues of these tests are, nothing in
// the lower half).
import { DESKTOP, WAIT_MS } from './checks.mjs';

export const problems = []; // the page's errors and failed requests, told with a failed check

export async function waitFor(page, predicate, arg, what) {
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
export async function brightShares(browser, png, bands) {
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
export async function videoShot(page) {
  const video = await page.$('#video');
  const box = await video.boundingBox();
  return page.screenshot({ clip: { x: box.x, y: box.y, width: box.width, height: box.height } });
}

// Looks a few times (a frame or a draw may be on its way) until `done(shares)`.
// `bands`: [top band, lower band] as fractions of the height.
export async function sharesUntil(browser, page, done, bands = [[0.04, 0.14], [0.5, 0.9]]) {
  let shares = [];
  for (let attempt = 0; attempt < 20; attempt += 1) {
    shares = await brightShares(browser, await videoShot(page), bands);
    if (done(shares)) break;
    await new Promise((resolve) => { setTimeout(resolve, 250); });
  }
  return shares;
}

export async function openPlayer(browser, plan) {
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

