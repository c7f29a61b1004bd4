// The pure parts of the player's session (player_session.js): link problems, the capability
// report after a failed direct play, the request body, and which stream track is a subtitle.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { burnsSubtitle, linkProblem, requestBody, streamTrackFor, withoutFailedCodec } from '../../../src/web/assets/player_session.js';

test('a refusal about the link names what is wrong with it', () => {
  assert.equal(linkProblem(410), 'expired');
  assert.equal(linkProblem(404), 'not-found');
  assert.equal(linkProblem(429), 'busy');
  assert.equal(linkProblem(503), 'busy');
  assert.equal(linkProblem(500), 'failed');
  assert.equal(linkProblem(0), 'failed');
});

const CAPS = { containers: ['mp4'], video: ['h264', 'hevc'], audio: ['aac', 'ac3'], hls: 'mse', hls_audio: ['aac', 'ac3'] };
const DECISION = {
  video: { codec: 'hevc' },
  audio: [{ index: 0, codec: 'aac' }, { index: 1, codec: 'ac3' }],
  audio_track: 1,
};

test('a direct play without picture drops its video codec from the report', () => {
  const caps = withoutFailedCodec(CAPS, DECISION, 'video');
  assert.deepEqual(caps.video, ['h264']);
  assert.deepEqual(caps.audio, CAPS.audio);
  assert.deepEqual(CAPS.video, ['h264', 'hevc'], 'the report given is left as it was');
});

test('a direct play without sound drops the codec of the track that played, for HLS too', () => {
  const caps = withoutFailedCodec(CAPS, DECISION, 'audio');
  assert.deepEqual(caps.audio, ['aac']);
  assert.deepEqual(caps.hls_audio, ['aac']);
  assert.deepEqual(caps.video, CAPS.video);
});

test('an error without a culprit leaves the report as it is', () => {
  assert.deepEqual(withoutFailedCodec(CAPS, DECISION, ''), CAPS);
});

test('the request carries the choices made and nothing for the ones not made', () => {
  const none = requestBody(CAPS, { audio_track: null, subtitle_track: null, exclude_direct: false }, 12.5);
  assert.equal(none.start, 12.5);
  assert.equal(none.exclude_direct, false);
  assert.ok(!('audio_track' in none) && !('subtitle_track' in none));
  assert.deepEqual(none.video, CAPS.video);
  const chosen = requestBody(CAPS, { audio_track: 1, subtitle_track: 0, exclude_direct: true }, 0);
  assert.equal(chosen.audio_track, 1);
  assert.equal(chosen.subtitle_track, 0);
  assert.equal(chosen.exclude_direct, true);
});

const SUBTITLED = {
  subtitles: [
    { index: 0, kind: 'text', language: 'eng', title: '' },
    { index: 1, kind: 'image', language: 'eng', title: 'PGS' },
    { index: 2, kind: 'text', language: 'fra', title: 'Forced' },
  ],
};

test('with every text subtitle in the stream, the renditions follow the file order', () => {
  const tracks = [{ lang: 'eng', name: '' }, { lang: 'fra', name: 'Forced' }];
  assert.equal(streamTrackFor(SUBTITLED, tracks, 0, null), 0);
  assert.equal(streamTrackFor(SUBTITLED, tracks, 2, null), 1);
  assert.equal(streamTrackFor(SUBTITLED, tracks, 1, null), -1, 'a picture subtitle is no rendition');
});

test('with one rendition, it is the one named alike or the one asked for', () => {
  assert.equal(streamTrackFor(SUBTITLED, [{ lang: 'fra', name: 'Forced' }], 2, null), 0);
  assert.equal(streamTrackFor(SUBTITLED, [{ lang: 'und', name: 'Subtitles' }], 0, 0), 0);
  assert.equal(streamTrackFor(SUBTITLED, [{ lang: 'und', name: 'Subtitles' }], 0, 2), -1);
});

test('no subtitle, no stream tracks or no decision: none', () => {
  assert.equal(streamTrackFor(SUBTITLED, [{ lang: 'eng', name: '' }], null, null), -1);
  assert.equal(streamTrackFor(SUBTITLED, [], 0, 0), -1);
  assert.equal(streamTrackFor(null, [{ lang: 'eng', name: '' }], 0, 0), -1);
});

test('a stream with a burned-in subtitle is known by its reason', () => {
  assert.equal(burnsSubtitle({ method: 'transcode', reasons: ['subtitle_burned'] }), true);
  assert.equal(burnsSubtitle({ method: 'remux', reasons: ['subtitle_selected'] }), false);
  assert.equal(burnsSubtitle({ method: 'direct', reasons: ['image_subtitles', 'subtitles_burnable'] }), false);
  assert.equal(burnsSubtitle(null), false);
});
