// Browser test of the batch page /b/{token}, driven by playwright-core in Debian's
// Chromium against a running tglink. Started by batch_browser_test.cpp, which runs tglink on the
// simulator, collects files with /batch ... /done and writes:
//   node batch.test.mjs <plan.json>
// plan.json: {"base_url", "screenshots", "batch_url", "names": [...], "sizes": [...],
//              "video_name", "video_size_text"}.
// Prints one "ok"/"not ok" line per check and a closing "N passed, N failed"; exits 1 on failure.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { inChromiumProfile } from './browsers.mjs';
import { DESKTOP, PHONE, WAIT_MS, check, expect, finish } from './checks.mjs';
import { plan } from './plan.mjs';
import { expectClean, recordPage } from './page_record.mjs';


async function openPage(context, viewport) {
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  return { page, record: recordPage(page, plan.base_url, { scripts: true }) };
}

async function listsEveryFile(context) {
  const { page, record } = await openPage(context, DESKTOP);
  const response = await page.goto(plan.batch_url, { timeout: WAIT_MS });
  expect(response.status() === 200, `batch page answered ${response.status()}`);
  const headers = response.headers();
  const csp = headers['content-security-policy'] || '';
  for (const part of ["default-src 'none'", "style-src 'self'", "frame-ancestors 'none'"]) {
    expect(csp.includes(part), `CSP lacks ${part}: ${csp}`);
  }
  expect(headers['cache-control'] === 'no-store', `Cache-Control ${headers['cache-control']}`);

  const names = await page.locator('.file-name').allTextContents();
  expect(JSON.stringify(names) === JSON.stringify(plan.names),
    `names on the page ${JSON.stringify(names)}, expected ${JSON.stringify(plan.names)}`);
  const injected = await page.evaluate(() => document.querySelectorAll('.file-name *').length);
  expect(injected === 0, 'a file name became markup');
  expect(await page.locator('.file .download').count() === plan.names.length, 'a Download is missing');
  // The stylesheet applied: rows are laid out as flex boxes, not bare list items.
  const display = await page.locator('.file').first().evaluate((el) => getComputedStyle(el).display);
  expect(display === 'flex', `file rows display as ${display}: batch.css not applied`);
  expectClean(record);
  expect(record.scripts.length === 0, `scripts loaded: ${record.scripts}`);
  await page.screenshot({ path: join(plan.screenshots, 'batch-desktop.png'), fullPage: true });
  await page.setViewportSize(PHONE);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(!overflow, 'the page is wider than a phone screen');
  await page.screenshot({ path: join(plan.screenshots, 'batch-phone.png'), fullPage: true });
  await page.close();
}

async function downloadsAFile(context) {
  const { page } = await openPage(context, DESKTOP);
  await page.goto(plan.batch_url, { timeout: WAIT_MS });
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: WAIT_MS }),
    page.locator('.file .download').first().click(),
  ]);
  expect(download.suggestedFilename() === plan.names[0],
    `download named ${download.suggestedFilename()}, expected ${plan.names[0]}`);
  const path = await download.path();
  const size = readFileSync(path).length;
  expect(size === plan.sizes[0], `downloaded ${size} bytes, expected ${plan.sizes[0]}`);
  await page.close();
}

async function playOpensThePlayer(context) {
  const { page } = await openPage(context, DESKTOP);
  await page.goto(plan.batch_url, { timeout: WAIT_MS });
  const play = page.locator('.file .play');
  expect(await play.count() === 1, `${await play.count()} Play buttons, expected 1 (one video)`);
  await Promise.all([page.waitForURL(/\/player\?stream=/, { timeout: WAIT_MS }), play.click()]);
  const title = await page.locator('#title').textContent();
  expect(title === plan.video_name, `player title ${title}, expected ${plan.video_name}`);
  // The poster is the video's Telegram thumbnail, from this server, and the browser draws it.
  const poster = await page.locator('#video').getAttribute('poster');
  expect(/^\/thumb\/[A-Za-z0-9_-]+$/.test(poster || ''), `poster ${poster}`);
  const drawn = await page.evaluate((src) => new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve(image.naturalWidth);
    image.onerror = () => resolve(0);
    image.src = src;
  }), poster);
  expect(drawn === 320, `poster image ${drawn} px wide, expected the 320 px thumbnail`);
  const facts = await page.locator('#facts').textContent();
  expect(facts === plan.video_size_text, `size shown ${facts}, expected ${plan.video_size_text}`);
  expect(await page.locator('#download').isVisible(), 'no Download button on the player');
  await page.screenshot({ path: join(plan.screenshots, 'player-poster.png') });
  await page.close();
}

async function main() {
  mkdirSync(plan.screenshots, { recursive: true });
  await inChromiumProfile({ acceptDownloads: true }, async (context) => {
    await check('the batch page lists every file, escaped, styled, with no script', () =>
      listsEveryFile(context));
    await check('Download saves the first file under its name with all its bytes', () =>
      downloadsAFile(context));
    await check('Play opens the built-in player with the video\'s poster, name and size', () =>
      playOpensThePlayer(context));
  });
  finish();
}

main().catch((error) => finish(error));
