// ASS/SSA drawn as authored, in Chromium or Firefox ESR (puppeteer-core, see browsers.mjs),
// against tglink on the simulator. Started by subtitles_browser_test.cpp, which makes sign.mkv
// (a black picture, an ASS sign: a white band across the top sixth with a line of text under
// it, and DejaVu Sans attached as a font):
//   node subtitles.test.mjs <plan.json>
//   plan.json: {"base_url", "stream", "engine", "screenshots", "font_bytes" (the font's size)}
// The sign is looked for by pixels, in the screenshot of the video: bright at the top, where the
// script puts it, and nothing in the lower half, where a plain (unstyled) cue would be.
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

async function main() {
  mkdirSync(plan.screenshots, { recursive: true });
  const { browser, close } = await launch(plan.engine);
  try {
    await signSuite(browser);
  } finally {
    await close();
  }
  finish();
}

main().catch((error) => finish(error));
