// The page side of the `subtitles` benchmark part (bench/subtitles_bench.py): headless Chromium
// (puppeteer-core, as the browser tests) against the player.
//   node bench/subtitles_bench.mjs <plan.json>
//   plan.json: {"base_url", "streams": {"webvtt", "ass", "pgs"}, "play_seconds"}
// Prints one JSON line of figures last.
import { readFileSync, readdirSync } from 'node:fs';
import puppeteer from 'puppeteer-core';

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const CHROMIUM = process.env.TGLINK_CHROMIUM || '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--autoplay-policy=no-user-gesture-required'];
const WAIT = { timeout: 120_000, polling: 50 };

// How each kind says its first subtitle is on screen.
const SHOWN = {
  webvtt: () => Array.from(document.getElementById('video').textTracks)
    .some((track) => track.mode === 'showing' && track.activeCues && track.activeCues.length > 0),
  ass: () => document.getElementById('player').dataset.assSubtitles === 'drawn',
  pgs: () => document.getElementById('player').dataset.pgsSubtitles === 'drawn',
};

// CPU seconds (user + system) used so far by the browser's process tree: the page, its workers
// (JASSUB renders in one), the GPU and network processes.
function browserCpuSeconds(rootPid) {
  const parents = new Map();
  const ticks = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const fields = readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1].split(' ');
      parents.set(Number(name), Number(fields[1]));
      ticks.set(Number(name), Number(fields[11]) + Number(fields[12]));
    } catch (_) {
      // gone meanwhile
    }
  }
  const inTree = (pid) => {
    for (let p = pid, hops = 0; p > 1 && hops < 64; p = parents.get(p) || 0, hops += 1) {
      if (p === rootPid) return true;
    }
    return false;
  };
  let total = 0;
  for (const [pid, used] of ticks) if (inTree(pid)) total += used;
  return total / 100; // USER_HZ
}

async function open(browser, stream, withoutWasm = false) {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  // JASSUB held off: the player falls back to the track's WebVTT copy, the same stream.
  if (withoutWasm) await page.evaluateOnNewDocument(() => { delete window.WebAssembly; });
  await page.goto(`${plan.base_url}/player?stream=${encodeURIComponent(stream)}`);
  await page.waitForFunction(() => document.getElementById('player').dataset.method, WAIT);
  return page;
}

async function playing(page, seconds) {
  await page.click('#play');
  await page.waitForFunction((s) => document.getElementById('video').currentTime > s, WAIT, seconds);
}

// Seconds from picking the file's subtitle (while it plays as it is) to the first one shown.
async function firstSubtitle(browser, kind) {
  const page = await open(browser, plan.streams[kind]);
  try {
    await playing(page, 1);
    const start = Date.now();
    await page.select('#subtitle-track', '0');
    await page.waitForFunction(SHOWN[kind], WAIT);
    return (Date.now() - start) / 1000;
  } finally {
    await page.close();
  }
}

// The share of frames dropped (in %) while the karaoke line plays for plan.play_seconds, and the
// browser's CPU seconds per second played.
async function karaokeCost(browser, withoutWasm) {
  const page = await open(browser, plan.streams.ass, withoutWasm);
  try {
    await page.select('#subtitle-track', '0');
    await playing(page, 1);
    const pid = browser.process().pid;
    const before = await page.$eval('#video', (v) => v.getVideoPlaybackQuality());
    const from = await page.$eval('#video', (v) => v.currentTime);
    const cpuBefore = browserCpuSeconds(pid);
    await page.waitForFunction((t) => document.getElementById('video').currentTime > t, WAIT,
      from + plan.play_seconds);
    const cpu = browserCpuSeconds(pid) - cpuBefore;
    const after = await page.$eval('#video', (v) => v.getVideoPlaybackQuality());
    const played = (await page.$eval('#video', (v) => v.currentTime)) - from;
    const drawn = await page.$eval('#player', (root) => root.dataset.assSubtitles || '');
    if ((drawn === 'drawn') === withoutWasm) throw new Error(`ASS renderer state "${drawn}"`);
    const total = after.totalVideoFrames - before.totalVideoFrames;
    const dropped = total > 0 ? (100 * (after.droppedVideoFrames - before.droppedVideoFrames)) / total : 0;
    return { dropped, cpu: cpu / played };
  } finally {
    await page.close();
  }
}

async function main() {
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  const figures = {};
  try {
    for (const kind of ['webvtt', 'ass', 'pgs']) {
      figures[`first subtitle after the pick, ${kind} s`] = await firstSubtitle(browser, kind);
    }
    const drawn = await karaokeCost(browser, false);
    const plain = await karaokeCost(browser, true);
    figures['dropped % with JASSUB'] = drawn.dropped;
    figures['dropped % without JASSUB'] = plain.dropped;
    figures['browser core-s per s with JASSUB'] = drawn.cpu;
    figures['browser core-s per s without JASSUB'] = plain.cpu;
    figures['browser CPU with / without JASSUB'] = drawn.cpu / plain.cpu;
  } finally {
    await browser.close();
  }
  console.log(JSON.stringify(figures));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
