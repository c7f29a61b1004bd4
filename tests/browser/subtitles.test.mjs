// ASS/SSA drawn as authored, in Chromium or Firefox ESR (puppeteer-core, see browsers.mjs),
// against tglink on the simulator. Started by subtitles_browser_test.cpp, which makes sign.mkv
// (a black picture, an ASS sign: a white band across the top sixth with a line of text under
// it, and DejaVu Sans attached as a font):
//   node subtitles.test.mjs <plan.json>
//   plan.json: {"base_url", "stream", "engine", "screenshots", "font_bytes" (the font's size)}
// The sign is looked for by pixels, in the screenshot of the video: bright at the top, where the
// script puts it, and nothing in the lower half, where a plain (unstyled) cue would be.
// With "suite": "sidecar", subtitles sent beside a video instead (plan.json: {"base_url",
// "direct", "converted" (stream links), "cue_text", "engine", "screenshots"}): the .srt sent
// after each video is offered and shown, the cue drawn at the bottom of the picture with its
// text in UTF-8, in direct play and in a remux; there the .ass sent too is drawn by libass.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { launch } from './browsers.mjs';
import { check, expect, finish } from './checks.mjs';
import { plan } from './plan.mjs';
import { openPlayer, sharesUntil, waitFor } from './subtitle_pages.mjs';


async function signSuite(browser) {
  const { page, cspErrors, foreign } = await openPlayer(browser, plan);
  const name = `sign.mkv in ${plan.engine}`;

  await check(`${name}: the ASS track is offered and drawn by the libass renderer`, async () => {
    await page.select('#subtitle-track', '0');
    await waitFor(page, () => document.getElementById('player').dataset.assSubtitles === 'drawn', null,
      'the ASS renderer did not start');
    await page.click('#play');
    await waitFor(page, () => document.getElementById('video').currentTime > 2, null, 'playback did not start');
    const plain = await page.evaluate(() => Array.from(document.getElementById('video').textTracks)
      .some((track) => track.mode === 'showing'));
    expect(!plain, 'the plain WebVTT copy is shown as well');
  });

  await check(`${name}: the font attached to the file is handed to the renderer`, async () => {
    const handed = await page.$eval('#player', (root) => root.dataset.assFonts);
    expect(handed === String(plan.font_bytes),
      `the renderer got attached fonts of ${JSON.stringify(handed)} bytes, not the ${plan.font_bytes} attached`);
  });

  await check(`${name}: the sign is at the top of the picture, nothing at the bottom`, async () => {
    await page.mouse.move(0, 0); // the controls fold away from the picture
    // The renderer draws on the next frames: look a few times before concluding.
    const shares = await sharesUntil(browser, page, (s) => s[0] > 0.5, [[0.02, 0.14], [0.5, 0.75]]);
    await page.screenshot({ path: join(plan.screenshots, `subtitles-ass-sign-${plan.engine}.png`) });
    expect(shares[0] > 0.5, `top band ${JSON.stringify(shares)}: the sign is not drawn at the top`);
    expect(shares[1] < 0.002, `lower half ${JSON.stringify(shares)}: something is drawn at the bottom`);
  });

  await check(`${name}: the renderer needs nothing the page's CSP refuses, nothing from elsewhere`, async () => {
    expect(cspErrors.length === 0, `CSP errors: ${cspErrors.join('; ')}`);
    expect(foreign.length === 0, `requests elsewhere: ${foreign.join(' ')}`);
  });
  await page.close();
}

const CUE_BAND = [0.7, 0.98]; // where the browser puts a plain cue
const SIGN_BAND = [0.02, 0.14];

// The sidecar at menu value `value` is shown as `how` ("vtt" or "ass").
async function pickSidecar(page, value, how) {
  await page.select('#subtitle-track', value);
  await waitFor(page, (wanted) => document.getElementById('player').dataset.sidecarSubtitles === wanted, how,
    `the subtitle sent beside the video is not shown as ${how}`);
}

async function sidecarMode(browser, mode, stream, method) {
  const { page, cspErrors, foreign } = await openPlayer(browser, { base_url: plan.base_url, stream });
  const name = `subtitles sent beside the video, ${mode} in ${plan.engine}`;

  await check(`${name}: the player plays it as ${method} and offers the subtitle`, async () => {
    const answered = await page.$eval('#player', (root) => root.dataset.method);
    expect(answered === method, `method ${answered}, not ${method}`);
    const label = await page.$eval('#subtitle-track option[value="sidecar-0"]', (o) => o.textContent);
    expect(/\.srt \(sent beside the video\)$/.test(label), `the option reads ${JSON.stringify(label)}`);
  });

  await check(`${name}: its cue is drawn at the bottom, in UTF-8`, async () => {
    await page.click('#play');
    await waitFor(page, () => document.getElementById('video').currentTime > 1, null, 'playback did not start');
    await page.mouse.move(0, 0); // the controls fold away from the picture
    const before = await sharesUntil(browser, page, () => true, [SIGN_BAND, CUE_BAND]);
    await pickSidecar(page, 'sidecar-0', 'vtt');
    await waitFor(page, (text) => Array.from(document.getElementById('video').textTracks)
      .some((track) => track.mode === 'showing' && track.activeCues && track.activeCues.length > 0 &&
        track.activeCues[0].text === text), plan.cue_text, 'the cue is not active with its UTF-8 text');
    const shares = await sharesUntil(browser, page, (s) => s[1] > before[1] + 0.005, [SIGN_BAND, CUE_BAND]);
    await page.screenshot({ path: join(plan.screenshots, `sidecar-srt-${mode}-${plan.engine}.png`) });
    expect(shares[1] > before[1] + 0.005,
      `cue band ${JSON.stringify(shares)} against ${JSON.stringify(before)} before: the cue is not drawn`);
    expect(shares[0] < 0.01, `top band ${JSON.stringify(shares)}: something is drawn at the top`);
  });

  if (mode === 'converted') {
    await check(`${name}: the .ass sent too is drawn by the libass renderer, at the top`, async () => {
      await pickSidecar(page, 'sidecar-1', 'ass');
      const shares = await sharesUntil(browser, page, (s) => s[0] > 0.5, [SIGN_BAND, [0.5, 0.75]]);
      await page.screenshot({ path: join(plan.screenshots, `sidecar-ass-${mode}-${plan.engine}.png`) });
      expect(shares[0] > 0.5, `top band ${JSON.stringify(shares)}: the sign is not drawn`);
      const plain = await page.evaluate(() => Array.from(document.getElementById('video').textTracks)
        .some((track) => track.mode === 'showing'));
      expect(!plain, 'the WebVTT of the .srt is still shown');
    });
  }

  await check(`${name}: nothing the page's CSP refuses, nothing from elsewhere`, async () => {
    expect(cspErrors.length === 0, `CSP errors: ${cspErrors.join('; ')}`);
    expect(foreign.length === 0, `requests elsewhere: ${foreign.join(' ')}`);
  });
  await page.close();
}

async function sidecarSuite(browser) {
  await sidecarMode(browser, 'direct', plan.direct, 'direct');
  await sidecarMode(browser, 'converted', plan.converted, 'remux');
}

async function main() {
  mkdirSync(plan.screenshots, { recursive: true });
  const { browser, close } = await launch(plan.engine);
  try {
    if (plan.suite === 'sidecar') await sidecarSuite(browser);
    else await signSuite(browser);
  } finally {
    await close();
  }
  finish();
}

main().catch((error) => finish(error));
