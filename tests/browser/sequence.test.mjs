// The player in both engines, Chromium and Firefox ESR (puppeteer-core, browsers.mjs), against
// tglink on the simulator, as a viewer going through a channel: one tab opens file after file.
// Started by playback_browser_test.cpp:
//   node sequence.test.mjs <plan.json>
// plan.json: as for playback.test.mjs, plus "engine" ("chromium" | "firefox") and "suite":
//   "sequence"   the six files that used to stall when opened one after another (H.263 3GP,
//                DivX and Xvid AVI, two-audio MKV with SRT, AC-3 MKV, HEVC/E-AC-3 MKV): each
//                watched a few seconds and sought to 75 %;
//   "matrix"     every spec format in one tab (picture, sound heard, mode, notice, seek to 80 %
//                and play on), the second audio track heard, a subtitle cue shown;
//   "early-play" a play asked for before the page's decision (a script's video.play(), the Play
//                button, and the native controls before the page's script runs) goes on by itself;
//   "stall"      a stream that arrives without a picture is reloaded once, then explained;
//   "phone"      390x844 with touch: fits, 44 px targets, drag seeking, menus (screenshots).
// Sound is checked by listening: an AnalyserNode on the <video>, made inside the Play click
// (a headless Firefox starts an AudioContext only in a user gesture), must hear the file's tone.
// Prints one "ok"/"not ok" line per check, timings as "# ..." lines, and "N passed, N failed".
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { launch } from './browsers.mjs';
import { WAIT_MS, check, expect, finish } from './checks.mjs';
import { file, plan, playerUrl } from './plan.mjs';
import { playerState } from './player_state.mjs';
import { expectClean, recordPage } from './page_record.mjs';

const engine = plan.engine || 'chromium';
// A five-minute film first: its conversion is still running (and the tab still fetching
// ahead) when the viewer moves on, as with any real film.
const SEQUENCE = ['long_mpeg4.avi', 'h263_aac.3gp', 'divx_ac3.avi', 'xvid_mp3.avi', 'two_languages.mkv',
  'h264_ac3.mkv', 'hevc_eac3.mkv'];

// What this engine is expected to get for a row: Chromium's is the row's own.
function expected(row) {
  const own = row.engines && row.engines[engine];
  return { method: (own && own.method) || row.method, notice: (own && own.notice) || row.notice };
}

async function waitFor(page, predicate, arg, what) {
  try {
    await page.waitForFunction(predicate, { timeout: WAIT_MS, polling: 200 }, arg);
  } catch (error) {
    throw new Error(`${what}: ${error.message.split('\n')[0]}; page ${JSON.stringify(await playerState(page))}`);
  }
}

// The tab's ears: the first click on Play (a user gesture) routes the <video> through an
// AnalyserNode. hear() answers the loudest frequency and its level.
async function armEars(page) {
  await page.evaluate(() => {
    const video = document.getElementById('video');
    const ears = { context: null, analyser: null };
    window.tglinkEars = ears;
    const wire = () => {
      if (ears.context) return;
      ears.context = new AudioContext();
      const source = ears.context.createMediaElementSource(video);
      ears.analyser = ears.context.createAnalyser();
      ears.analyser.fftSize = 8192;
      source.connect(ears.analyser);
      ears.analyser.connect(ears.context.destination);
      ears.context.resume().catch(() => {});
    };
    document.getElementById('play').addEventListener('click', wire, { capture: true });
  });
}

async function hear(page) {
  return page.evaluate(() => {
    const ears = window.tglinkEars;
    if (!ears || !ears.analyser) return { state: 'unwired', hz: 0, db: -Infinity };
    const bins = new Float32Array(ears.analyser.frequencyBinCount);
    ears.analyser.getFloatFrequencyData(bins);
    let loudest = 0;
    for (let i = 1; i < bins.length; i += 1) if (bins[i] > bins[loudest]) loudest = i;
    return { state: ears.context.state, hz: (loudest * ears.context.sampleRate) / ears.analyser.fftSize,
      db: bins[loudest] };
  });
}

// Waits until the tab plays a tone of about `hz`.
async function expectTone(page, hz, label) {
  let last = null;
  for (let tries = 0; tries < WAIT_MS / 200; tries += 1) {
    last = await hear(page);
    if (last.db > -70 && Math.abs(last.hz - hz) < 30) return;
    await new Promise((resolve) => { setTimeout(resolve, 200); });
  }
  throw new Error(`${label}: no ${hz} Hz tone heard (last ${JSON.stringify(last)}); page ${JSON.stringify(await playerState(page))}`);
}

async function open(page, row) {
  const response = await page.goto(playerUrl(row.stream));
  expect(response.status() === 200, `player page answered ${response.status()}`);
  await armEars(page);
  await waitFor(page, () => {
    const root = document.getElementById('player');
    return root.dataset.method && root.dataset.state !== 'waiting';
  }, null, `${row.name}: no decision from /api/playback`);
}

// Play pressed: answers the seconds until the picture moved.
async function pressPlay(page, label) {
  const started = Date.now();
  await page.click('#play');
  await waitFor(page, () => document.getElementById('video').currentTime > 0.5, null, `${label}: playback did not start`);
  return (Date.now() - started) / 1000;
}

async function expectPicture(page, label) {
  await waitFor(page, () => {
    const video = document.getElementById('video');
    return video.videoWidth > 0 && video.getVideoPlaybackQuality().totalVideoFrames > 0;
  }, null, `${label}: no picture`);
}

// Moves the seek bar to `permille` as a drag would (input events, then change).
async function seekBar(page, permille) {
  await page.evaluate((value) => {
    const seek = document.getElementById('seek');
    seek.value = String(value);
    seek.dispatchEvent(new Event('input', { bubbles: true }));
    seek.dispatchEvent(new Event('change', { bubbles: true }));
  }, permille);
}

async function seekAndPlayOn(page, fraction, label) {
  const duration = (await playerState(page)).duration;
  expect(duration > 5, `${label}: duration ${duration}`);
  await seekBar(page, Math.round(fraction * 1000));
  await waitFor(page, (target) => {
    const video = document.getElementById('video');
    return !video.seeking && video.currentTime >= target;
  }, duration * fraction - 0.3, `${label}: the seek to ${fraction * 100}% did not land`);
  const after = (await playerState(page)).time;
  await waitFor(page, (from) => {
    const video = document.getElementById('video');
    return video.currentTime > from + 0.3 || video.ended;
  }, after, `${label}: no playback after the seek`);
}

// One file as a viewer watches it: Play, picture and sound, the mode and its notice, a few
// seconds, then a seek to `fraction` that plays on.
async function watch(page, record, row, fraction) {
  record.hls.length = 0;
  await open(page, row);
  const seconds = await pressPlay(page, row.name);
  console.log(`# ${engine} ${row.name}: playing ${seconds.toFixed(1)} s after Play`);
  // The server holds a segment request until the converter has written it, for up to 20 s: a
  // "not ready" answer means the converter stalled, never that these seconds-long files are slow.
  const timedOut = record.hls.filter((r) => r.status === 503);
  expect(timedOut.length === 0, `${row.name}: the server timed out on ${JSON.stringify(timedOut)}`);
  await expectPicture(page, row.name);
  await expectTone(page, (row.tones || [440])[0], row.name);
  const now = await playerState(page);
  const wanted = expected(row);
  expect(now.method === wanted.method, `${row.name}: method ${now.method} (${now.reasons}), expected ${wanted.method}`);
  expect(new RegExp(wanted.notice).test(now.notice), `${row.name}: notice "${now.notice}" does not match /${wanted.notice}/`);
  await waitFor(page, () => document.getElementById('video').currentTime > 2, null, `${row.name}: stopped before 2 s`);
  try {
    await seekAndPlayOn(page, fraction, row.name);
  } catch (error) {
    throw new Error(`${error.message}\n  hls: ${JSON.stringify(record.hls.slice(-12))}`);
  }
  expectClean(record, row.name);
}

async function sequenceSuite(page, record) {
  for (const name of SEQUENCE) {
    await check(`${engine}, in a row: ${name} plays and plays on after a seek to 75%`,
      () => watch(page, record, file(name), 0.75));
  }
}

async function matrixSuite(page, record) {
  for (const row of plan.files.filter((f) => f.matrix)) {
    await check(`${engine}: ${row.name}: ${expected(row).method}, picture, sound heard, seek to 80% plays on`,
      async () => {
        await watch(page, record, row, 0.8);
        await page.screenshot({ path: join(plan.screenshots, `${engine}-${row.name.replace(/[^A-Za-z0-9.-]/g, '_')}.png`) });
      });
  }
  await check(`${engine}: two_languages.mkv: the second sound track is chosen and heard`, async () => {
    const row = file('two_languages.mkv');
    await open(page, row);
    await pressPlay(page, row.name);
    await expectTone(page, 440, 'track 1');
    await page.select('#audio-track', '1');
    await waitFor(page, () => document.getElementById('audio-track').value === '1' &&
      document.getElementById('player').dataset.method === 'remux', null, 'no remux of track 2');
    await expectTone(page, 880, 'track 2');
  });
  await check(`${engine}: subtitles.mkv: the subtitle is switched on and its cue is shown`, async () => {
    const row = file('subtitles.mkv');
    await open(page, row);
    await pressPlay(page, row.name);
    await page.select('#subtitle-track', '0');
    await waitFor(page, (text) => Array.from(document.getElementById('video').textTracks).some((track) =>
      track.mode === 'showing' && track.activeCues &&
      Array.from(track.activeCues).some((cue) => cue.text.includes(text))),
    plan.subtitle_text, 'no subtitle cue showing');
    await page.screenshot({ path: join(plan.screenshots, `${engine}-subtitles.png`) });
  });
}

// The decision is held back (the page's fetch of /api/playback waits for a release) so that
// a play comes first, as it does on a slow server.
async function holdDecisions(page) {
  await page.evaluateOnNewDocument(() => {
    const realFetch = window.fetch.bind(window);
    let release = null;
    const released = new Promise((resolve) => { release = resolve; });
    window.tglinkReleaseDecision = () => release();
    window.tglinkDecisionAsked = false;
    window.fetch = async (input, init) => {
      if (String(input).includes('/api/playback/')) {
        window.tglinkDecisionAsked = true;
        await released;
      }
      return realFetch(input, init);
    };
  });
}

async function earlyPlaySuite(browser) {
  const playsOn = async (page, label) => {
    await waitFor(page, () => document.getElementById('player').dataset.method === 'direct', null,
      `${label}: no direct decision`);
    await waitFor(page, () => document.getElementById('video').currentTime > 1.5, null,
      `${label}: the early play did not go on after the decision`);
    const now = await playerState(page);
    expect(!now.paused && now.problem === '', `${label}: ${JSON.stringify(now)}`);
  };
  await check(`${engine}: video.play() before the decision plays on without a second press`, async () => {
    const page = await browser.newPage();
    await holdDecisions(page);
    await page.goto(playerUrl(file('h264_aac.mp4').stream));
    await waitFor(page, () => window.tglinkDecisionAsked, null, 'the page never asked');
    await page.evaluate(() => { document.getElementById('video').play().catch(() => {}); });
    await waitFor(page, () => !document.getElementById('video').paused, null, 'play() did nothing');
    await page.evaluate(() => window.tglinkReleaseDecision());
    await playsOn(page, 'video.play()');
    await page.close();
  });
  await check(`${engine}: Play pressed before the decision plays on without a second press`, async () => {
    const page = await browser.newPage();
    await holdDecisions(page);
    await page.goto(playerUrl(file('h264_aac.mp4').stream));
    await waitFor(page, () => window.tglinkDecisionAsked, null, 'the page never asked');
    await page.click('#play');
    await page.evaluate(() => window.tglinkReleaseDecision());
    await playsOn(page, 'Play button');
    await page.close();
  });
  await check(`${engine}: the native Play control, used before the page's script ran, plays on`, async () => {
    const page = await browser.newPage();
    // The page's script is held back (a slow connection), so the native controls are there.
    await page.setRequestInterception(true);
    let script = null;
    page.on('request', (request) => {
      if (request.url().endsWith('/player.js')) script = request;
      else request.continue().catch(() => {});
    });
    const loaded = page.goto(playerUrl(file('h264_aac.mp4').stream)).catch((error) => error);
    await page.waitForSelector('#video');
    // The element takes the keys of its controls once focused, as after a tab or a tap.
    await page.focus('#video');
    await page.keyboard.press(' ');
    await waitFor(page, () => !document.getElementById('video').paused, null, 'the native control did not play');
    expect(script !== null, 'the page never asked for its script');
    await script.continue();
    await loaded;
    await playsOn(page, 'native control');
    await page.close();
  });
}

// The stream arrives broken (every segment comes back empty): the player loads it again by
// itself, then says what is wrong instead of sitting at 0:00. (The watchdog for a stream that
// arrives whole and shows nothing is unit-tested: tests/web/assets/player_hls.test.mjs.)
async function stallSuite(browser) {
  await check(`${engine}: a broken stream is loaded again, then explained`, async () => {
    const page = await browser.newPage();
    const record = recordPage(page, plan.base_url);
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      if (/\/hls\/.*\.m4s$/.test(request.url())) {
        request.respond({ status: 200, contentType: 'video/mp4', body: '' }).catch(() => {});
      } else {
        request.continue().catch(() => {});
      }
    });
    await open(page, file('xvid_mp3.avi'));
    await page.click('#play');
    await waitFor(page, () => !document.getElementById('notice').hidden, null, 'nothing said');
    const now = await playerState(page);
    expect(/even after loading it again/.test(now.problem), `problem "${now.problem}"`);
    const masters = record.hls.filter((r) => r.name === 'master.m3u8').length;
    expect(masters >= 2, `the stream was loaded ${masters} time(s)`);
    await page.close();
  });
}

// A browser without Media Source Extensions (an iPhone's Safari): the master playlist goes to
// the <video> itself. Chromium plays HLS natively too, so hiding its MSE shows that path. (Its
// native HLS lists no subtitle renditions as text tracks, as Safari does: not checked here.)
async function nativeHlsSuite(browser) {
  const page = await browser.newPage();
  await page.evaluateOnNewDocument(() => {
    for (const name of ['MediaSource', 'ManagedMediaSource', 'WebKitMediaSource']) delete window[name];
  });
  const record = recordPage(page, plan.base_url);
  await check(`${engine} without MSE: a conversion plays through the element's own HLS`, async () => {
    const row = file('xvid_mp3.avi');
    await open(page, row);
    await pressPlay(page, row.name);
    await expectPicture(page, row.name);
    const src = await page.$eval('#video', (video) => video.currentSrc);
    expect(/\/hls\/.*master\.m3u8$/.test(src), `the element plays ${src}`);
    expect(!(await page.evaluate(() => Boolean(window.Hls))), 'hls.js was loaded');
    await seekAndPlayOn(page, 0.75, row.name);
    expectClean(record, 'native HLS');
  });
  await page.close();
}

// The phone: 390x844 with touch. Nothing wider than the screen, 44 px targets, the seek bar
// across the width and seeking by dragging it, the menus within reach. Screenshots of each
// state are kept as test output.
async function phoneSuite(browser) {
  const page = await browser.newPage();
  await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const shot = (name) => page.screenshot({ path: join(plan.screenshots, `phone-${engine}-${name}.png`), fullPage: true });
  await check(`${engine} phone: the page fits, every control is 44 px, the seek bar gets the width`, async () => {
    await open(page, file('two_languages.mkv'));
    await shot('loaded');
    const layout = await page.evaluate(() => {
      const box = (element) => element.getBoundingClientRect();
      const visible = (element) => element.offsetParent !== null;
      const targets = Array.from(document.querySelectorAll('.control, .button, select, #seek')).filter(visible);
      return {
        scroll: document.documentElement.scrollWidth,
        width: window.innerWidth,
        small: targets.filter((t) => box(t).height < 44 || box(t).width < 44).map((t) => `${t.id || t.className} ${box(t).width}x${box(t).height}`),
        outside: Array.from(document.querySelectorAll('#player *')).filter(visible)
          .filter((e) => box(e).right > window.innerWidth + 0.5 || box(e).left < -0.5).map((e) => e.id || e.className),
        seek: box(document.getElementById('seek')).width,
        facts: box(document.getElementById('facts')).left,
      };
    });
    expect(layout.scroll <= layout.width, `horizontal scroll: ${layout.scroll} > ${layout.width}`);
    expect(layout.small.length === 0, `smaller than 44 px: ${layout.small}`);
    expect(layout.outside.length === 0, `outside the screen: ${layout.outside}`);
    expect(layout.seek >= layout.width - 40, `seek bar ${layout.seek} px of ${layout.width}`);
    expect(layout.facts >= 8, `the size line touches the edge (${layout.facts} px)`);
  });
  await check(`${engine} phone: a tap plays, a drag along the seek bar seeks`, async () => {
    await page.tap('#play');
    await waitFor(page, () => document.getElementById('video').currentTime > 0.5, null, 'no playback after a tap');
    await shot('playing');
    const bar = await (await page.$('#seek')).boundingBox();
    const y = bar.y + bar.height / 2;
    await page.touchscreen.touchStart(bar.x + bar.width * 0.1, y);
    for (const f of [0.3, 0.5, 0.7]) await page.touchscreen.touchMove(bar.x + bar.width * f, y);
    await page.touchscreen.touchEnd();
    await waitFor(page, () => {
      const video = document.getElementById('video');
      return video.currentTime >= video.duration * 0.55;
    }, null, 'the drag did not seek');
    await shot('dragged');
  });
  await check(`${engine} phone: the sound and subtitle menus are within reach`, async () => {
    const toggle = await page.$('#tracks-button');
    expect(toggle && await toggle.isVisible(), 'no menu button');
    if (!(await page.$eval('#tracks', (e) => !e.hidden))) await page.tap('#tracks-button');
    for (const id of ['#audio-track', '#subtitle-track']) {
      const box = await (await page.$(id)).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390 && box.height >= 44, `${id} at ${JSON.stringify(box)}`);
    }
    await page.select('#audio-track', '1');
    await waitFor(page, () => document.getElementById('player').dataset.method === 'remux', null, 'track 2 not asked for');
    await shot('menus');
  });
  await check(`${engine} phone: where a film was left is offered when it is opened again`, async () => {
    const row = file('long_mpeg4.avi');
    await open(page, row);
    await page.tap('#play');
    await waitFor(page, () => document.getElementById('video').currentTime > 0.5, null, 'no playback');
    await seekBar(page, 500);
    await waitFor(page, () => document.getElementById('video').currentTime > 151, null, 'the seek did not play on');
    await page.tap('#play'); // pause: the place is kept
    await waitFor(page, () => document.getElementById('video').paused, null, 'no pause');
    await open(page, row);
    const offer = await page.$eval('#resume', (button) => (button.hidden ? '' : button.textContent));
    expect(/^Go on from 2:3\d$/.test(offer), `offer "${offer}"`);
    await shot('resume');
    await page.tap('#resume');
    await waitFor(page, () => {
      const video = document.getElementById('video');
      return !video.paused && video.currentTime > 151;
    }, null, 'going on did not play from the place');
    expect(await page.$eval('#resume', (button) => button.hidden), 'the offer stays');
  });
  await page.close();
}

async function main() {
  mkdirSync(plan.screenshots, { recursive: true });
  const started = Date.now();
  const { browser, close } = await launch(engine);
  try {
    if (plan.suite === 'early-play') {
      await earlyPlaySuite(browser);
    } else if (plan.suite === 'stall') {
      await stallSuite(browser);
    } else if (plan.suite === 'phone') {
      await phoneSuite(browser);
    } else if (plan.suite === 'native-hls') {
      await nativeHlsSuite(browser);
    } else {
      const page = await browser.newPage();
      await page.setViewport({ width: 1280, height: 800 });
      const record = recordPage(page, plan.base_url);
      if (plan.suite === 'sequence') await sequenceSuite(page, record);
      else if (plan.suite === 'matrix') await matrixSuite(page, record);
      else throw new Error(`unknown suite ${plan.suite}`);
    }
  } finally {
    await close();
  }
  console.log(`# ${engine} ${plan.suite}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  finish();
}

main().catch((error) => finish(error));
