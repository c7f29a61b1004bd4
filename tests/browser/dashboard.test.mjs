// Browser test of the operator's dashboard, driven by playwright-core in Debian's Chromium against
// a running tglink. Started by dashboard_browser_test.cpp, which runs tglink on the simulator,
// makes a known set of downloads, has an admin send /dashboard and writes:
//   node dashboard.test.mjs <plan.json> open|ended
// plan.json: {"base_url", "screenshots", "link", "non_admin_link", "metrics_token", "file_name",
//             "file_size", "downloads", "state"}.
// "open": the link opens once into a session (cookie flags), every chart draws, the figures equal
// /api/info's and /metrics', strangers get 404, screenshots at desktop and phone width; the
// session is kept in plan.state. "ended" (after /dashboard off): that session gets 404.
// Prints one "ok"/"not ok" line per check and a closing "N passed, N failed"; exits 1 on failure.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

import { CHROMIUM, DESKTOP, PHONE, WAIT_MS, check, expect, finish } from './checks.mjs';
import { plan } from './plan.mjs';
import { expectClean, recordPage } from './page_record.mjs';

const phase = process.argv[3];
const pagePath = '/admin/dashboard';
const dataPath = '/admin/data';

// Every sample of a metric family in Prometheus' text format, by its label text.
function samples(text, name) {
  const found = [];
  for (const line of text.split('\n')) {
    const match = line.match(/^([a-z_]+)(\{[^}]*\})? ([0-9.eE+-]+)$/);
    if (match && match[1] === name) found.push({ labels: match[2] || '', value: Number(match[3]) });
  }
  return found;
}
function sum(list) { return list.reduce((total, s) => total + s.value, 0); }

async function metrics(request) {
  const response = await request.get(plan.base_url + '/metrics', {
    headers: { Authorization: 'Bearer ' + plan.metrics_token },
  });
  expect(response.status() === 200, `/metrics answered ${response.status()}`);
  return response.text();
}

async function opensOnceIntoAStrictSession(context, state) {
  const page = await context.newPage();
  await page.setViewportSize(DESKTOP);
  const record = recordPage(page, plan.base_url);
  const opening = page.waitForResponse((r) => r.url() === plan.link, { timeout: WAIT_MS });
  const response = await page.goto(plan.link, { timeout: WAIT_MS });
  const redirect = await opening;
  expect(redirect.status() === 303, `the link answered ${redirect.status()}`);
  const setCookie = (await redirect.allHeaders())['set-cookie'] || '';
  for (const part of ['HttpOnly', 'SameSite=Strict', 'Path=/admin', 'Max-Age=28800']) {
    expect(setCookie.includes(part), `Set-Cookie lacks ${part}: ${setCookie}`);
  }
  expect(!setCookie.includes('Secure'), 'Secure on an http BASE_URL would lose the cookie');
  expect(response.status() === 200 && new URL(response.url()).pathname === pagePath,
    `landed on ${response.url()} with ${response.status()}`);
  const [cookie] = await context.cookies(plan.base_url + pagePath);
  expect(cookie && cookie.httpOnly && cookie.sameSite === 'Strict' && cookie.path === '/admin',
    `cookie ${JSON.stringify(cookie)}`);
  const visible = await page.evaluate(() => document.cookie);
  expect(visible === '', `the page's script can read cookies: ${visible}`);
  const csp = response.headers()['content-security-policy'] || '';
  for (const part of ["script-src 'self'", "connect-src 'self'", "frame-ancestors 'none'"]) {
    expect(csp.includes(part), `CSP lacks ${part}: ${csp}`);
  }
  state.page = page;
  state.record = record;
  // The same link a second time, from a browser without the session: 404.
  const again = await context.request.get(plan.link, { maxRedirects: 0 });
  expect(again.status() === 404, `the link opened twice (${again.status()})`);
}

async function everyChartDraws(state) {
  const page = state.page;
  await page.waitForFunction(() => document.getElementById('dashboard').dataset.updated,
    null, { timeout: WAIT_MS });
  for (const name of ['bandwidth', 'users', 'requests', 'bytes']) {
    const drawn = await page.evaluate((chart) => {
      const canvas = document.querySelector(`[data-chart="${chart}"] canvas`);
      if (!canvas || canvas.width === 0 || canvas.height === 0) return false;
      const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) return true;
      return false;
    }, name);
    expect(drawn, `the ${name} chart drew nothing`);
  }
  expect(state.record.errors.length === 0, `script errors: ${state.record.errors}`);
  expectClean(state.record);
}

async function figuresMatchApiInfoAndMetrics(context, state) {
  const page = state.page;
  const info = await (await context.request.get(plan.base_url + '/api/info')).json();
  const scrape = await metrics(context.request);
  // The page's next update comes after both answers.
  const before = await page.evaluate(() => document.getElementById('dashboard').dataset.updated);
  await page.reload();
  await page.waitForFunction((old) => {
    const now = document.getElementById('dashboard').dataset.updated;
    return now && now !== old;
  }, before, { timeout: WAIT_MS });
  const read = (id, key) => page.evaluate(([i, k]) => Number(document.getElementById(i).dataset[k]), [id, key]);
  const users = await read('total-users', 'count');
  expect(users === info.totaluser, `users ${users}, /api/info totaluser ${info.totaluser}`);
  const used = await read('bandwidth-used', 'bytes');
  expect(used === info.bandwidth_info.used_bytes,
    `bandwidth ${used}, /api/info used_bytes ${info.bandwidth_info.used_bytes}`);
  const metricUsed = sum(samples(scrape, 'tglink_bandwidth_used_bytes'));
  expect(used === metricUsed, `bandwidth ${used}, tglink_bandwidth_used_bytes ${metricUsed}`);
  expect(used >= plan.downloads * plan.file_size, `bandwidth ${used} < the downloads' bytes`);
  const streams = await read('active-streams', 'count');
  expect(streams === info.streaming_info.active_streams,
    `streams ${streams}, /api/info ${info.streaming_info.active_streams}`);
  // Requests and bytes of the last 24 h: every route but the dashboard's own, as /metrics counts
  // them; /metrics' own answer may land in the ring after the scrape was written.
  const notDashboard = (s) => !s.labels.includes('route="/admin');
  const requests = sum(samples(scrape, 'tglink_http_requests_total').filter(notDashboard));
  const bytes = sum(samples(scrape, 'tglink_http_response_bytes_total').filter(notDashboard));
  const ringRequests = await read('requests-24h', 'count');
  const ringBytes = await read('bytes-24h', 'bytes');
  expect(ringRequests - requests >= 0 && ringRequests - requests <= 2,
    `24 h requests ${ringRequests}, /metrics ${requests}`);
  expect(ringBytes - bytes >= 0 && ringBytes - bytes <= scrape.length + 4096,
    `24 h bytes ${ringBytes}, /metrics ${bytes}`);
  const connected = sum(samples(scrape, 'tglink_bots_connected'));
  const shown = await page.locator('#bots tbody td.ok').count();
  expect(shown === connected, `bots shown ready ${shown}, tglink_bots_connected ${connected}`);
  const cache = sum(samples(scrape, 'tglink_cache_disk_bytes'));
  const nodeText = await page.locator('#nodes tbody').innerText();
  expect(nodeText.includes(' of 10.0 GiB'), `cache cell: ${nodeText}`);
  expect(cache >= 0, 'tglink_cache_disk_bytes missing');
  // The week's top file: the one downloaded, its name as text, with its bytes and downloads.
  const top = page.locator('#top-files tbody tr').first();
  const cells = await top.locator('td').allTextContents();
  expect(cells[0].startsWith(plan.file_name), `top file ${cells[0]}`);
  expect(await top.locator('td *').count() === 0, 'a file name became markup');
  expect(cells[3] === String(plan.downloads), `week downloads ${cells[3]}`);
}

async function strangersGet404(browser) {
  const stranger = await browser.newContext();
  for (const path of [pagePath, dataPath, '/admin/forged-token', '/admin/']) {
    const response = await stranger.request.get(plan.base_url + path, { maxRedirects: 0 });
    expect(response.status() === 404, `${path} answered ${response.status()} without a session`);
  }
  const forged = await stranger.request.get(plan.base_url + dataPath,
    { headers: { Cookie: 'tglink_dashboard=AQEBAQEBAQEBAQEBAQEBAQEBAQEB' } });
  expect(forged.status() === 404, `a forged session answered ${forged.status()}`);
  const wrongUser = await stranger.request.get(plan.non_admin_link, { maxRedirects: 0 });
  expect(wrongUser.status() === 404, `a non-admin's link answered ${wrongUser.status()}`);
  await stranger.close();
}

async function screenshots(state) {
  const page = state.page;
  mkdirSync(plan.screenshots, { recursive: true });
  await page.screenshot({ path: join(plan.screenshots, 'dashboard-desktop.png'), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(300);  // uPlot redraws on resize
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(!overflow, 'the page is wider than a phone screen');
  await page.screenshot({ path: join(plan.screenshots, 'dashboard-phone.png'), fullPage: true });
}

async function sessionHasEnded(browser) {
  const context = await browser.newContext({ storageState: plan.state });
  const data = await context.request.get(plan.base_url + dataPath);
  expect(data.status() === 404, `the data answered ${data.status()} after /dashboard off`);
  const page = await context.newPage();
  const response = await page.goto(plan.base_url + pagePath, { timeout: WAIT_MS });
  expect(response.status() === 404, `the page answered ${response.status()} after /dashboard off`);
  await context.close();
}

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
try {
  if (phase === 'open') {
    const context = await browser.newContext();
    const state = {};
    await check('the link opens once into an HttpOnly, SameSite=Strict session', () => opensOnceIntoAStrictSession(context, state));
    if (state.page) {
      await check('every chart draws, with nothing from elsewhere', () => everyChartDraws(state));
      await check('the figures equal /api/info and /metrics after the downloads', () => figuresMatchApiInfoAndMetrics(context, state));
      await check('screenshots at desktop and phone width', () => screenshots(state));
    }
    await check('no session, a forged one or a non-admin link: 404', () => strangersGet404(browser));
    await context.storageState({ path: plan.state });
  } else {
    await check('after /dashboard off the session gets 404', () => sessionHasEnded(browser));
  }
} catch (error) {
  await browser.close();
  finish(error);
}
await browser.close();
finish();
