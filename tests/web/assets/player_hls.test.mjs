// The HLS attachment's watchdog (player_hls.js) and what the session does with it
// (player_session.js): a stream whose playlists came but no segment was asked for, or whose
// segments were buffered but no frame followed, is reloaded once from where it was, then the
// page is told what is wrong. hls.js and the <video> are fakes; timers are node's mock timers.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, mock, test } from 'node:test';

import { STALL_MS } from '../../../src/web/assets/player_hls.js';
import { PlaybackSession } from '../../../src/web/assets/player_session.js';

class FakeHls {
  static Events = {
    ERROR: 'error', SUBTITLE_TRACKS_UPDATED: 'subtitleTracksUpdated', MEDIA_ATTACHED: 'mediaAttached',
    LEVEL_LOADED: 'levelLoaded', FRAG_LOADING: 'fragLoading', FRAG_BUFFERED: 'fragBuffered',
  };

  static ErrorTypes = { MEDIA_ERROR: 'mediaError', NETWORK_ERROR: 'networkError' };

  static made = [];

  static isSupported() { return true; }

  constructor(config) {
    this.config = config;
    this.handlers = {};
    this.destroyed = false;
    this.subtitleTracks = [];
    FakeHls.made.push(this);
  }

  on(event, handler) { (this.handlers[event] ||= []).push(handler); }

  emit(event, data = {}) { for (const handler of this.handlers[event] || []) handler(event, data); }

  loadSource(url) { this.url = url; }

  attachMedia(video) { this.video = video; }

  destroy() { this.destroyed = true; }
}

class FakeVideo extends EventTarget {
  constructor() {
    super();
    this.readyState = 0;
    this.seeking = false;
    this.currentTime = 0;
    this.paused = true;
    this.preload = 'none';
    this.textTracks = [];
  }

  play() {
    this.paused = false;
    return Promise.resolve();
  }

  pause() { this.paused = true; }
}

const flush = () => new Promise((resolve) => { setImmediate(resolve); });

// `hls` loads its playlists, asks for a segment and buffers it: what comes before a frame.
function bufferASegment(hls) {
  hls.emit(FakeHls.Events.LEVEL_LOADED);
  hls.emit(FakeHls.Events.FRAG_LOADING);
  hls.emit(FakeHls.Events.FRAG_BUFFERED);
}

let problems;
let session;
let video;

beforeEach(async () => {
  mock.timers.enable({ apis: ['setTimeout'] });
  globalThis.window = { Hls: FakeHls, location: { href: 'http://tglink.test/player?stream=x' } };
  FakeHls.made = [];
  problems = [];
  video = new FakeVideo();
  session = new PlaybackSession({
    video,
    streamUrl: 'http://tglink.test/stream/AbC',
    playbackUrl: 'http://tglink.test/api/playback/AbC',
    assets: '/player/assets/v1',
    onDecision: () => {},
    onProblem: (kind) => problems.push(kind),
  });
  session.capabilities = { hls: 'mse', video: [], audio: [], hls_audio: [], containers: [] };
  session.apply({ method: 'transcode', url: '/hls/AbC/s/master.m3u8', reasons: [], audio: [], subtitles: [] }, 0);
  await flush();
});

afterEach(() => {
  mock.timers.reset();
  delete globalThis.window;
});

test('playlists and then no segment asked for: reloaded once, then "no-segments"', async () => {
  assert.equal(FakeHls.made.length, 1);
  FakeHls.made[0].emit(FakeHls.Events.LEVEL_LOADED);
  mock.timers.tick(STALL_MS);
  await flush();
  assert.equal(FakeHls.made.length, 2, 'reloaded');
  assert.ok(FakeHls.made[0].destroyed, 'the stalled instance is destroyed');
  assert.deepEqual(problems, []);
  FakeHls.made[1].emit(FakeHls.Events.LEVEL_LOADED);
  mock.timers.tick(STALL_MS);
  await flush();
  assert.equal(FakeHls.made.length, 2, 'only once');
  assert.deepEqual(problems, ['no-segments']);
});

test('segments buffered and no frame: reloaded once from where it was, then "no-picture"', async () => {
  bufferASegment(FakeHls.made[0]);
  video.currentTime = 12;
  mock.timers.tick(STALL_MS);
  await flush();
  assert.equal(FakeHls.made.length, 2);
  assert.equal(FakeHls.made[1].config.startPosition, 12);
  FakeHls.made[1].emit(FakeHls.Events.FRAG_BUFFERED);
  mock.timers.tick(STALL_MS);
  await flush();
  assert.deepEqual(problems, ['no-picture']);
});

test('a frame in time keeps the stream; a seek watches again', async () => {
  const hls = FakeHls.made[0];
  bufferASegment(hls);
  video.readyState = 4;
  video.dispatchEvent(new Event('loadeddata'));
  mock.timers.tick(STALL_MS * 2);
  await flush();
  assert.equal(FakeHls.made.length, 1);
  // A seek whose segment arrives but never shows.
  video.seeking = true;
  video.dispatchEvent(new Event('seeking'));
  hls.emit(FakeHls.Events.FRAG_BUFFERED);
  mock.timers.tick(STALL_MS);
  await flush();
  assert.equal(FakeHls.made.length, 2, 'reloaded after the stalled seek');
  assert.deepEqual(problems, []);
});

test('a play wished for before the stream was attached is carried out once it is', async () => {
  assert.equal(session.ready, false);
  await session.play();
  assert.equal(video.paused, true, 'not before the attachment is ready');
  FakeHls.made[0].emit(FakeHls.Events.MEDIA_ATTACHED);
  assert.equal(video.paused, false);
});

test('an attachment replaced is deaf: its late events change nothing', async () => {
  const old = FakeHls.made[0];
  session.apply({ method: 'remux', url: '/hls/AbC/t/master.m3u8', reasons: [], audio: [], subtitles: [] }, 0);
  await flush();
  old.emit(FakeHls.Events.LEVEL_LOADED);
  old.emit(FakeHls.Events.MEDIA_ATTACHED);
  mock.timers.tick(STALL_MS);
  await flush();
  assert.equal(session.ready, false);
  assert.equal(FakeHls.made.length, 2);
  assert.deepEqual(problems, []);
});
