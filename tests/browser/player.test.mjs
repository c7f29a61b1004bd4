// Browser tests of the built-in player page, driven by playwright-core in Debian's
// Chromium against a running tglink. Started by player_browser_test.cpp, which runs tglink on
// the simulator, posts the media and mints the links:
//   node player.test.mjs <plan.json>
// plan.json: {"base_url", "screenshots", "names": {"mp4", "webm"},
//              "streams": {"mp4", "webm", "avi", "expired", "gone"}}.
// Prints one "ok"/"not ok" line per check and a closing "N passed, N failed"; exits 1 on failure.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { inChromiumProfile } from './browsers.mjs';
import { DESKTOP, PHONE, WAIT_MS, check, expect, finish } from './checks.mjs';
import { plan, playerUrl } from './plan.mjs';
import { expectClean, recordPage } from './page_record.mjs';


// A page that records what the media element fetched and any CSP complaint.
async function openPage(context, viewport) {
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  const record = Object.assign(recordPage(page, plan.base_url), { streamResponses: [] });
  page.on('response', (response) => {
    const url = response.url();
    if (url.includes('/stream/')) {
      record.streamResponses.push({
        status: response.status(),
        method: response.request().method(),
        range: response.request().headers()['range'] || '',
      });
    }
  });
  return { page, record };
}

function expectSecurityHeaders(headers) {
  const csp = headers['content-security-policy'] || '';
  for (const part of ["default-src 'self'", "script-src 'self'", "style-src 'self'",
    "media-src 'self'", "frame-ancestors 'none'"]) {
    expect(csp.includes(part), `CSP lacks ${part}: ${csp}`);
  }
  expect(headers['x-content-type-options'] === 'nosniff', 'no nosniff');
  expect(headers['referrer-policy'] === 'no-referrer', 'no Referrer-Policy');
  expect(headers['cache-control'] === 'no-store', `page Cache-Control ${headers['cache-control']}`);
}

async function currentTime(page) {
  return page.evaluate(() => document.getElementById('video').currentTime);
}

// Plays `stream`, checks time advances, seeks to 80% with `seekBy`, checks it plays on there.
async function playAndSeek(context, label, stream, seekBy, screenshots) {
  const { page, record } = await openPage(context, DESKTOP);
  const response = await page.goto(playerUrl(stream));
  expect(response.status() === 200, `player page answered ${response.status()}`);
  expectSecurityHeaders(response.headers());

  await page.click('#play');
  await page.waitForFunction(() => document.getElementById('video').currentTime > 0.5, null,
    { timeout: WAIT_MS });
  const duration = await page.evaluate(() => document.getElementById('video').duration);
  expect(duration > 2, `${label}: duration ${duration}`);

  await seekBy(page);
  await page.waitForFunction((target) => {
    const video = document.getElementById('video');
    return !video.seeking && video.currentTime >= target;
  }, duration * 0.8 - 0.25, { timeout: WAIT_MS });
  const afterSeek = await currentTime(page);
  await page.waitForFunction((from) => document.getElementById('video').currentTime > from + 0.3,
    afterSeek, { timeout: WAIT_MS });

  const seekBar = Number(await page.inputValue('#seek'));
  expect(seekBar >= 750, `${label}: seek bar at ${seekBar}/1000 after seeking to 80%`);
  const ranged = record.streamResponses.filter((r) => r.status === 206 && /^bytes=\d+-/.test(r.range));
  expect(ranged.length > 0, `${label}: no 206 answer to a Range request: ${JSON.stringify(record.streamResponses)}`);
  const later = ranged.filter((r) => Number(/^bytes=(\d+)-/.exec(r.range)[1]) > 0);
  expect(later.length > 0, `${label}: no range request past byte 0: ${JSON.stringify(record.streamResponses)}`);
  expectClean(record, label);

  if (screenshots) {
    await page.screenshot({ path: join(plan.screenshots, `player-${label}-desktop.png`) });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: join(plan.screenshots, `player-${label}-phone.png`), fullPage: true });
  }
  await page.close();
  return page;
}

async function main() {
  mkdirSync(plan.screenshots, { recursive: true });
  await inChromiumProfile({}, async (context) => {
    await check('MP4 (H.264/AAC) plays, seeks to 80% with the seek bar, over range requests',
      () => playAndSeek(context, 'mp4', plan.streams.mp4,
        (page) => page.locator('#seek').fill('800'), true));

    await check('WebM (VP9/Opus) plays, seeks to 80% with the "8" key, over range requests',
      () => playAndSeek(context, 'webm', plan.streams.webm,
        async (page) => { await page.locator('body').focus(); await page.keyboard.press('8'); },
        false));

    await check('the title is the file name', async () => {
      const { page } = await openPage(context, DESKTOP);
      await page.goto(playerUrl(plan.streams.mp4));
      await page.waitForFunction((name) => document.title === name, plan.names.mp4,
        { timeout: WAIT_MS });
      expect(await page.textContent('#title') === plan.names.mp4, 'heading is not the name');
      const webm = await context.newPage();
      await webm.goto(playerUrl(plan.streams.webm));
      expect(await webm.title() === plan.names.webm, `webm title ${await webm.title()}`);
      await webm.close();
      await page.close();
    });

    await check('keyboard: space pauses, m mutes', async () => {
      const { page } = await openPage(context, DESKTOP);
      await page.goto(playerUrl(plan.streams.mp4));
      await page.click('#play');
      await page.waitForFunction(() => !document.getElementById('video').paused, null,
        { timeout: WAIT_MS });
      await page.locator('body').focus();
      await page.keyboard.press(' ');
      expect(await page.evaluate(() => document.getElementById('video').paused), 'space did not pause');
      await page.keyboard.press('m');
      expect(await page.evaluate(() => document.getElementById('video').muted), 'm did not mute');
      await page.close();
    });

    await check('download, VLC, MX Player and copy-link are offered', async () => {
      const { page } = await openPage(context, DESKTOP);
      await page.goto(playerUrl(plan.streams.mp4));
      const download = await page.getAttribute('#download', 'href');
      expect(download === plan.streams.mp4.replace('/stream/', '/dl/'), `download ${download}`);
      expect((await page.getAttribute('#open-vlc', 'href')) === `vlc://${plan.streams.mp4}`, 'vlc');
      const mx = await page.getAttribute('#open-mx', 'href');
      expect(mx.startsWith('intent://') && mx.includes('package=com.mxtech.videoplayer.ad'), mx);
      expect((await page.inputValue('#link')) === plan.streams.mp4, 'link field');
      await page.click('#copy');
      await page.waitForFunction(() => document.getElementById('copy').textContent === 'Copied');
      await page.close();
    });

    await check('an expired link shows the message', async () => {
      const { page } = await openPage(context, DESKTOP);
      const response = await page.goto(playerUrl(plan.streams.expired));
      expect(response.status() === 410, `status ${response.status()}`);
      expectSecurityHeaders(response.headers());
      const text = await page.textContent('.notice');
      expect(/expired/i.test(text), `message: ${text}`);
      expect(await page.locator('video').count() === 0, 'a video element is shown');
      await page.screenshot({ path: join(plan.screenshots, 'player-expired-desktop.png') });
      await page.close();
    });

    await check('a stream URL from another host is refused', async () => {
      const { page, record } = await openPage(context, DESKTOP);
      const foreign = plan.streams.mp4.replace(/^https?:\/\/[^/]+/, 'http://evil.example');
      const response = await page.goto(playerUrl(foreign));
      expect(response.status() === 400, `status ${response.status()}`);
      expect(await page.locator('video').count() === 0, 'a video element is shown');
      expect(/only plays streaming links made by this server/.test(await page.textContent('.notice')),
        'no refusal message');
      expect(!(await page.content()).includes('evil.example'), 'the foreign URL is echoed');
      expect(record.foreign.length === 0, `fetched ${record.foreign}`);
      await page.close();
    });

    await check('a file deleted after its link was made: the page says it is gone', async () => {
      const { page } = await openPage(context, DESKTOP);
      const response = await page.goto(playerUrl(plan.streams.gone));
      expect(response.status() === 200, `status ${response.status()}`);
      await page.waitForFunction(() => document.getElementById('player').dataset.state === 'not-found',
        null, { timeout: WAIT_MS });
      expect(/no longer available/.test(await page.textContent('#notice')), 'no message');
      await page.close();
    });

    // An AVI (MPEG-4 Part 2, MP3) is converted on the server, and the page says so;
    // the external players stay offered. tests/browser/playback.test.mjs covers every format.
    await check('an AVI the browser cannot play is converted, says so and offers the external players', async () => {
      const { page } = await openPage(context, DESKTOP);
      await page.goto(playerUrl(plan.streams.avi));
      await page.waitForFunction(() => document.getElementById('player').dataset.method === 'transcode',
        null, { timeout: WAIT_MS });
      const text = await page.textContent('#playback-notice');
      expect(/converted on the server/.test(text), `message: ${text}`);
      expect(await page.isVisible('#open-vlc') && await page.isVisible('#open-mx'), 'players hidden');
      await page.setViewportSize(PHONE);
      await page.screenshot({ path: join(plan.screenshots, 'player-avi-phone.png'), fullPage: true });
      await page.close();
    });
  });
  finish();
}

main().catch((error) => finish(error));
