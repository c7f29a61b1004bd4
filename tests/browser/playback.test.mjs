// The playback matrix in headless Chromium (playwright-core), against tglink on the
// simulator. Started by playback_browser_test.cpp, which makes the files (media_matrix.mjs),
// posts them to the log channel, mints their links and says which suite to run:
//   node playback.test.mjs <plan.json>
// plan.json: {"suite": "matrix" | "fallback" | "no-ffmpeg" | "conversion-off" | "busy" | "killed"
//             | "joined",
//             "base_url", "screenshots", "files": [{name, stream, method, notice, tracks,
//             subtitles, ...}], "subtitle_text", "tglink_pid"}
// Prints one "ok"/"not ok" line per check and a closing "N passed, N failed"; exits 1 on failure.
import { readFileSync, readdirSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

import { CHROMIUM_ARGS } from './browsers.mjs';
import { CHROMIUM, DESKTOP, PHONE, WAIT_MS, check, expect, finish } from './checks.mjs';
import { file, plan, playerUrl } from './plan.mjs';
import { playerState } from './player_state.mjs';
import { expectClean, recordPage } from './page_record.mjs';
import { pitchOfLastSegment } from './tone.mjs';

const BROWSER_ARGS = ['--headless', ...CHROMIUM_ARGS];

// A page that records the playback API's answers, CSP complaints and requests elsewhere.
async function openPlayer(context, stream, viewport = DESKTOP) {
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  const record = Object.assign(recordPage(page, plan.base_url), { decisions: [], requests: [] });
  page.on('request', (request) => {
    const url = request.url();
    if (url.includes('/api/playback/')) record.requests.push(JSON.parse(request.postData() || '{}'));
  });
  page.on('response', async (response) => {
    if (response.url().includes('/api/playback/') && response.status() === 200) {
      try { record.decisions.push(await response.json()); } catch (_) { /* page closed */ }
    }
  });
  const response = await page.goto(playerUrl(stream));
  expect(response.status() === 200, `player page answered ${response.status()}`);
  return { page, record };
}

async function waitFor(page, predicate, arg, what) {
  try {
    await page.waitForFunction(predicate, arg, { timeout: WAIT_MS });
  } catch (error) {
    throw new Error(`${what}: ${error.message.split('\n')[0]}; page ${JSON.stringify(await playerState(page))}`);
  }
}

async function waitForDecision(page) {
  await waitFor(page, () => {
    const root = document.getElementById('player');
    return root.dataset.method && root.dataset.state !== 'waiting';
  }, null, 'no decision from /api/playback');
}

async function play(page) {
  await page.click('#play');
  await waitFor(page, () => document.getElementById('video').currentTime > 0.5, null, 'playback did not start');
}

// Picture: frames decoded and a size; sound: audio bytes decoded (Chromium's counter).
async function expectPictureAndSound(page, label) {
  await waitFor(page, () => {
    const video = document.getElementById('video');
    return video.videoWidth > 0 && video.getVideoPlaybackQuality().totalVideoFrames > 0;
  }, null, `${label}: no picture`);
  await waitFor(page, () => document.getElementById('video').webkitAudioDecodedByteCount > 0, null,
    `${label}: no sound decoded`);
}

// Seeks to 80% with the seek bar and checks that it plays on from there.
async function seekTo80AndPlayOn(page, label) {
  const duration = (await playerState(page)).duration;
  expect(duration > 5, `${label}: duration ${duration}`);
  await page.locator('#seek').fill('800');
  await waitFor(page, (target) => {
    const video = document.getElementById('video');
    return !video.seeking && video.currentTime >= target;
  }, duration * 0.8 - 0.3, `${label}: the seek to 80% did not land`);
  const after = (await playerState(page)).time;
  await waitFor(page, (from) => {
    const video = document.getElementById('video');
    return video.currentTime > from + 0.3 || video.ended;
  }, after, `${label}: no playback after the seek`);
}

// The player page of `row` once decided and playing: { page, record } as openPlayer's.
async function openAndPlay(context, row) {
  const opened = await openPlayer(context, row.stream);
  await waitForDecision(opened.page);
  await play(opened.page);
  return opened;
}

async function matrixRow(context, row) {
  const { page, record } = await openAndPlay(context, row);
  await expectPictureAndSound(page, row.name);
  const now = await playerState(page);
  expect(now.method === row.method, `${row.name}: method ${now.method} (${now.reasons}), expected ${row.method}`);
  expect(new RegExp(row.notice).test(now.notice), `${row.name}: notice "${now.notice}" does not match /${row.notice}/`);
  await seekTo80AndPlayOn(page, row.name);
  // What a viewer sees after the seek, mode by mode: picture, controls and the notice.
  await page.screenshot({ path: join(plan.screenshots, `playback-${row.method}-${row.name.replace(/[^A-Za-z0-9.-]/g, '_')}.png`) });
  if (row.method !== 'direct') {
    expect(record.hls.some((r) => r.status === 200 && /\.m4s$/.test(r.url)), `${row.name}: no segment fetched`);
  }
  expectClean(record, row.name);
  await page.close();
}

async function matrixSuite(context) {
  for (const row of plan.files.filter((f) => f.matrix)) {
    await check(`${row.name}: ${row.method}, picture and sound, seek to 80% plays on`,
      () => matrixRow(context, row));
  }

  await check('two_languages.mkv: the second sound track is chosen in the menu and plays', async () => {
    const row = file('two_languages.mkv');
    const { page, record } = await openAndPlay(context, row);
    const labels = await page.$$eval('#audio-track option', (options) => options.map((o) => o.textContent));
    expect(labels.length === 2, `audio menu ${JSON.stringify(labels)}`);
    expect(labels[1].includes('<b>Doublage</b>'), `the title is not shown as text: ${labels[1]}`);
    expect(await page.locator('#audio-track b').count() === 0, 'a title became markup');
    const before = (await playerState(page)).time;
    const answersBeforeSwitch = record.hls.length;
    await page.selectOption('#audio-track', '1');
    await waitFor(page, () => document.getElementById('player').dataset.method === 'remux', null,
      'no remux after choosing track 2');
    const asked = record.requests[record.requests.length - 1];
    expect(asked.audio_track === 1, `request ${JSON.stringify(asked)}`);
    expect(asked.start >= before - 0.5, `asked to start at ${asked.start}, was at ${before}`);
    // The menu shows the track the server's answer plays (decision.audio_track).
    await waitFor(page, () => document.getElementById('audio-track').value === '1', null,
      'the answer does not play track 2');
    for (let tries = 0; tries < 50 && record.decisions.length < record.requests.length; tries += 1) {
      await page.waitForTimeout(100); // the recorder reads answers after the page does
    }
    const decision = record.decisions[record.decisions.length - 1];
    expect(decision.audio_track === 1, `the answer plays track ${decision.audio_track}`);
    await waitFor(page, (from) => document.getElementById('video').currentTime > from + 0.5, before,
      'no playback on track 2');
    await waitFor(page, () => document.getElementById('video').webkitAudioDecodedByteCount > 0, null,
      'no sound on track 2');
    // Heard, not only named: the segment fetched last carries the second track's 880 Hz tone,
    // not the first one's 440 Hz. The recorder hears of responses after the page has used them,
    // so it is given a moment to see the new session's first segment.
    const newSegment = () => record.hls.slice(answersBeforeSwitch)
      .some((r) => r.status === 200 && /\.m4s$/.test(r.url));
    for (let tries = 0; tries < 100 && !newSegment(); tries += 1) await page.waitForTimeout(100);
    expect(newSegment(), `no segment of track 2 fetched: ${JSON.stringify(record.hls.slice(-6))}`);
    const pitch = await pitchOfLastSegment(record.hls);
    expect(Math.abs(pitch - 880) < 40, `track 2 sounds at ${pitch.toFixed(0)} Hz, not 880 Hz`);
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: join(plan.screenshots, 'playback-tracks-phone.png'), fullPage: true });
    await page.close();
  });

  await check('subtitles.mkv: the subtitle is switched on and its cue is shown', async () => {
    const row = file('subtitles.mkv');
    const { page, record } = await openAndPlay(context, row);
    const labels = await page.$$eval('#subtitle-track option', (options) => options.map((o) => o.textContent));
    expect(labels.length === 2 && labels[0] === 'Off', `subtitle menu ${JSON.stringify(labels)}`);
    await page.selectOption('#subtitle-track', '0');
    await waitFor(page, (text) => Array.from(document.getElementById('video').textTracks).some((track) =>
      track.mode === 'showing' && track.activeCues &&
      Array.from(track.activeCues).some((cue) => cue.text.includes(text))),
    plan.subtitle_text, 'no subtitle cue showing');
    expect(record.requests.some((r) => r.subtitle_track === 0), 'subtitle_track never asked for');
    await page.screenshot({ path: join(plan.screenshots, 'playback-subtitles-desktop.png') });
    await page.selectOption('#subtitle-track', '');
    await waitFor(page, () => !Array.from(document.getElementById('video').textTracks)
      .some((track) => track.mode === 'showing'), null, 'subtitles did not switch off');
    await page.close();
  });
}

// The browser claims decoders it lacks (an HEVC and AC-3 capable one, as a phone might): the
// server answers direct, and the player finds out from the missing picture or sound.
async function fallbackSuite(context) {
  await context.addInitScript(() => {
    const real = HTMLMediaElement.prototype.canPlayType;
    HTMLMediaElement.prototype.canPlayType = function canPlayType(type) {
      return /hvc1|hev1|ac-3/.test(type) ? 'probably' : real.call(this, type);
    };
  });
  await check('hevc_aac.mp4 claimed playable: no picture, so the player asks again and gets a transcode', async () => {
    const { page, record } = await openPlayer(context, file('hevc_aac.mp4').stream);
    await waitForDecision(page);
    await page.click('#play');
    await waitFor(page, () => document.getElementById('player').dataset.method === 'transcode', null,
      'no second answer');
    expect(record.requests[0].exclude_direct === false && record.requests[0].video.includes('hevc'),
      `first request ${JSON.stringify(record.requests[0])}`);
    expect(record.decisions[0].method === 'direct', `first answer ${record.decisions[0].method}`);
    const again = record.requests[1];
    expect(again.exclude_direct === true && !again.video.includes('hevc'), `second request ${JSON.stringify(again)}`);
    await expectPictureAndSound(page, 'hevc after the fallback');
    await page.close();
  });
  await check('h264_ac3.mp4 claimed playable: no sound after 3 s, so it is remuxed from where it was', async () => {
    const { page, record } = await openPlayer(context, file('h264_ac3.mp4').stream);
    await waitForDecision(page);
    await play(page);
    await waitFor(page, () => document.getElementById('player').dataset.method === 'remux', null,
      'no second answer');
    expect(record.decisions[0].method === 'direct', `first answer ${record.decisions[0].method}`);
    const again = record.requests[1];
    expect(again.exclude_direct === true && again.start >= 2.5, `second request ${JSON.stringify(again)}`);
    await waitFor(page, () => document.getElementById('video').webkitAudioDecodedByteCount > 0, null,
      'no sound after the fallback');
    await page.close();
  });
}

// A server that cannot convert (no ffmpeg, or PLAYER_CONVERT=off): what the browser plays still
// plays; the rest says why, with the download and external-player links.
async function noConversionSuite(context, reason, words) {
  await check(`h264_aac.mp4 still plays directly (${reason})`, async () => {
    const { page } = await openPlayer(context, file('h264_aac.mp4').stream);
    await waitForDecision(page);
    await play(page);
    await expectPictureAndSound(page, 'h264_aac.mp4');
    expect((await playerState(page)).method === 'direct', 'not direct');
    await page.close();
  });
  await check(`hevc_aac.mp4 is unplayable and says why (${reason})`, async () => {
    const { page } = await openPlayer(context, file('hevc_aac.mp4').stream, PHONE);
    await waitForDecision(page);
    // Without ffprobe the server cannot tell: it answers direct, and the missing picture
    // makes the player ask again with direct play ruled out.
    if ((await playerState(page)).method === 'direct') await page.click('#play');
    await waitFor(page, () => document.getElementById('player').dataset.method === 'unplayable', null,
      'never unplayable');
    const now = await playerState(page);
    expect(now.method === 'unplayable', `method ${now.method}`);
    expect(now.reasons.includes(reason), `reasons ${now.reasons}`);
    expect(words.test(now.notice), `notice "${now.notice}"`);
    // Without ffprobe nobody knows the codec; with it, the notice names it.
    expect(reason === 'ffmpeg_missing' || /HEVC/.test(now.notice), `notice "${now.notice}" names no codec`);
    for (const id of ['#download', '#open-vlc', '#open-mx', '#open-mpv']) {
      expect(await page.isVisible(id), `${id} hidden`);
    }
    expect((await page.getAttribute('#open-mpv', 'href')).startsWith('mpv://'), 'mpv link');
    await page.screenshot({ path: join(plan.screenshots, `playback-${reason}-phone.png`), fullPage: true });
    await page.close();
  });
}

// The tglink process's ffmpeg children (the conversion jobs), by pid.
function ffmpegChildren() {
  const found = [];
  for (const task of readdirSync(`/proc/${plan.tglink_pid}/task`)) {
    let children = '';
    try { children = readFileSync(`/proc/${plan.tglink_pid}/task/${task}/children`, 'utf8'); } catch (_) { continue; }
    for (const pid of children.split(/\s+/).filter(Boolean)) {
      try {
        if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'ffmpeg') found.push(Number(pid));
      } catch (_) { /* gone */ }
    }
  }
  return found;
}

async function killedSuite(context) {
  await check('a conversion job killed mid-play: playback goes on to the end', async () => {
    const row = file('long_mpeg4.avi');
    const { page } = await openAndPlay(context, row);
    let killed = 0;
    for (let tries = 0; tries < 100 && killed === 0; tries += 1) {
      for (const pid of ffmpegChildren()) {
        try { process.kill(pid, 'SIGKILL'); killed += 1; } catch (_) { /* already gone */ }
      }
      if (killed === 0) await page.waitForTimeout(100);
    }
    expect(killed > 0, 'no ffmpeg job found to kill');
    const at = (await playerState(page)).time;
    await page.locator('#seek').fill('900');
    await waitFor(page, (from) => document.getElementById('video').currentTime > from, at + 5,
      'playback did not go on after the job was killed');
    await page.close();
  });
}

// Two viewers (two addresses through TRUSTED_PROXIES), one transcode slot: the second waits,
// is told its place, and plays once the first has gone. The first job is paused (SIGSTOP) while
// the second asks, so that a fast machine cannot finish it first.
async function busySuite(browser) {
  await check('converter busy: the second viewer is told its queue position, then plays', async () => {
    const first = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '10.0.0.1' } });
    const second = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '10.0.0.2' } });
    const a = await openPlayer(first, file('long_mpeg4.avi').stream);
    await waitForDecision(a.page);
    await play(a.page);
    const jobs = ffmpegChildren();
    expect(jobs.length === 1, `ffmpeg jobs: ${jobs}`);
    process.kill(jobs[0], 'SIGSTOP');
    const b = await openPlayer(second, file('hevc_eac3.mkv').stream);
    await waitFor(b.page, () => document.getElementById('player').dataset.state === 'waiting', null,
      'the second viewer is not waiting');
    const waiting = await playerState(b.page);
    expect(/Waiting for a free converter: 1 video is ahead/.test(waiting.notice), `notice "${waiting.notice}"`);
    expect(waiting.reasons.includes('converter_busy'), `reasons ${waiting.reasons}`);
    expect(await b.page.isVisible('#download'), 'no download link while waiting');
    await b.page.screenshot({ path: join(plan.screenshots, 'playback-busy-desktop.png') });
    await first.close(); // the first viewer leaves, and its job ends
    process.kill(jobs[0], 'SIGKILL');
    await waitForDecision(b.page);
    try {
      await play(b.page);
    } catch (error) {
      throw new Error(`${error.message}\n  segments: ${JSON.stringify(b.record.hls.slice(-12))}`);
    }
    expect((await playerState(b.page)).method === 'transcode', 'not a transcode once the slot is free');
    await expectPictureAndSound(b.page, 'hevc_eac3.mkv after waiting');
    await second.close();
  });
}

// A video sent in parts and joined into one link (split_file_browser_test.cpp): played and
// sought as any file, its ranges crossing the part boundaries.
async function joinedSuite(context) {
  for (const row of plan.files) {
    await check(`${row.name} joined from its parts: ${row.method}, picture and sound, seek to 80% plays on`,
      () => matrixRow(context, row));
  }
}

async function main() {
  mkdirSync(plan.screenshots, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: BROWSER_ARGS });
  try {
    if (plan.suite === 'busy') {
      await busySuite(browser);
    } else {
      const context = await browser.newContext();
      if (plan.suite === 'matrix') await matrixSuite(context);
      else if (plan.suite === 'fallback') await fallbackSuite(context);
      else if (plan.suite === 'no-ffmpeg') await noConversionSuite(context, 'ffmpeg_missing', /no converter/);
      else if (plan.suite === 'conversion-off') await noConversionSuite(context, 'conversion_off', /turned off/);
      else if (plan.suite === 'killed') await killedSuite(context);
      else if (plan.suite === 'joined') await joinedSuite(context);
      else throw new Error(`unknown suite ${plan.suite}`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  finish();
}

main().catch((error) => finish(error));
