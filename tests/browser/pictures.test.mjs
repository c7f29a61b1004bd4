// Picture subtitles in the built-in player, in Chromium or Firefox ESR (puppeteer-core, see
// browsers.mjs), against tglink on the simulator. Started by subtitles_browser_test.cpp, which
// makes pictures.mkv: a black picture, a tone, a PGS track (tests/support/pgs_sup.hpp: a white
// band across the top, shown from 2 s to 8 s) and the same cue converted to VobSub:
//   node pictures.test.mjs <plan.json>   plan.json: {"base_url", "stream", "engine", "screenshots"}
// The PGS track must be drawn in the browser (a canvas over a remux, nothing burned), only at
// its time; the VobSub track must be burned into a transcode. Both are looked for by pixels in
// screenshots of the video: bright at the top, where the cue is, nothing in the lower half.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { launch } from './browsers.mjs';
import { check, expect, finish } from './checks.mjs';
import { openPlayer, sharesUntil, waitFor } from './subtitle_pages.mjs';

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const CUE_FROM = 2;
const CUE_TO = 8;
async function pgsSuite(browser) {
  const { page, cspErrors, foreign } = await openPlayer(browser, plan);
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
  const { page } = await openPlayer(browser, plan);
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
