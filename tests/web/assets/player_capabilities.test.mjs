// The capability report (player_capabilities.js) from the answers two engines gave on this
// machine (canPlayType and MediaSource.isTypeSupported, measured): Debian's Chromium 156 and
// Firefox ESR 153. The report comes from what the engine says, never from its name.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { capabilityReport } from '../../../src/web/assets/player_capabilities.js';

function engine(answers, mseTypes) {
  return {
    probe: { canPlayType: (type) => answers[type] || '' },
    mse: (type) => mseTypes.includes(type),
  };
}

const CHROMIUM = engine({
  'video/mp4; codecs="avc1.42E01E"': 'probably',
  'video/mp4; codecs="avc1.6E001F"': 'probably',
  'video/webm; codecs="vp8"': 'probably',
  'video/webm; codecs="vp9"': 'probably',
  'video/mp4; codecs="av01.0.04M.08"': 'probably',
  'audio/mp4; codecs="mp4a.40.2"': 'probably',
  'audio/mpeg': 'probably',
  'audio/webm; codecs="opus"': 'probably',
  'audio/webm; codecs="vorbis"': 'probably',
  'audio/flac': 'probably',
  'audio/wav; codecs="1"': 'probably',
  'video/mp4': 'maybe',
  'video/webm': 'maybe',
  'video/x-matroska': 'maybe',
  'video/x-matroska; codecs="avc1.42E01E"': 'probably',
  'video/ogg': 'maybe',
  'video/3gpp': 'maybe',
  'application/vnd.apple.mpegurl': 'maybe',
}, ['video/mp4; codecs="avc1.42E01E,mp4a.40.2"', 'audio/mp4; codecs="mp4a.40.2"', 'audio/mp4; codecs="opus"',
  'audio/mp4; codecs="flac"']);

const FIREFOX = engine({
  'video/mp4; codecs="avc1.42E01E"': 'probably',
  'video/mp4; codecs="hvc1.1.6.L93.B0"': 'probably',
  'video/webm; codecs="vp8"': 'probably',
  'video/webm; codecs="vp9"': 'probably',
  'video/mp4; codecs="av01.0.04M.08"': 'probably',
  'audio/mp4; codecs="mp4a.40.2"': 'probably',
  'audio/mpeg': 'maybe',
  'audio/webm; codecs="opus"': 'probably',
  'audio/flac': 'probably',
  'video/mp4': 'maybe',
  'video/webm': 'maybe',
  'video/quicktime': 'maybe',
  'video/x-matroska': 'maybe',
  'video/x-matroska; codecs="avc1.42E01E"': 'probably',
}, ['video/mp4; codecs="avc1.42E01E,mp4a.40.2"', 'video/mp4; codecs="hvc1.1.6.L93.B0"',
  'audio/mp4; codecs="mp4a.40.2"', 'audio/mp4; codecs="opus"', 'audio/mp4; codecs="flac"']);

// iPhone Safari without Media Source Extensions: native HLS only.
const IPHONE = engine({
  'video/mp4; codecs="avc1.42E01E"': 'probably',
  'video/mp4; codecs="hvc1.1.6.L93.B0"': 'probably',
  'audio/mp4; codecs="mp4a.40.2"': 'probably',
  'audio/mp4; codecs="ac-3"': 'probably',
  'video/mp4': 'maybe',
  'video/quicktime': 'maybe',
  'application/vnd.apple.mpegurl': 'maybe',
}, []);

test('Chromium: MKV streams, MOV opens with MP4, no HEVC or AC-3, hls.js through MSE', () => {
  const report = capabilityReport(CHROMIUM.probe, CHROMIUM.mse, []);
  assert.ok(report.containers.includes('mkv'));
  assert.ok(report.containers.includes('mov'), 'QuickTime opens with the MP4 demuxer');
  assert.ok(!report.video.includes('hevc'));
  assert.ok(report.video.includes('h264_10bit'));
  assert.ok(!report.audio.includes('ac3') && !report.audio.includes('eac3'));
  assert.equal(report.hls, 'mse', 'a "maybe" for native HLS does not count beside MSE');
  assert.deepEqual(report.hls_audio, ['aac', 'opus', 'flac']);
});

test('Firefox: HEVC through the system decoders, no AC-3, MKV with H.264 inside', () => {
  const report = capabilityReport(FIREFOX.probe, FIREFOX.mse, []);
  assert.ok(report.video.includes('hevc'));
  assert.ok(!report.audio.includes('ac3'));
  assert.ok(report.containers.includes('mkv'));
  assert.ok(report.containers.includes('mov'));
  assert.ok(!report.containers.includes('3gp'));
  assert.equal(report.hls, 'mse');
});

test('mediaCapabilities vouches for a codec canPlayType is shy about', () => {
  const report = capabilityReport(CHROMIUM.probe, CHROMIUM.mse, ['hevc']);
  assert.ok(report.video.includes('hevc'));
  assert.equal(report.video.filter((c) => c === 'h264_10bit').length, 1, 'no codec twice');
});

test('a bare "maybe" for Matroska is not enough', () => {
  const shy = engine({ 'video/x-matroska': 'maybe', 'video/mp4': 'maybe' }, []);
  assert.ok(!capabilityReport(shy.probe, shy.mse, []).containers.includes('mkv'));
});

test('iPhone without MSE: native HLS with AAC', () => {
  const report = capabilityReport(IPHONE.probe, IPHONE.mse, []);
  assert.equal(report.hls, 'native');
  assert.deepEqual(report.hls_audio, ['aac']);
  assert.ok(report.audio.includes('ac3'));
});

test('no MSE and no HLS: none', () => {
  const bare = engine({ 'video/mp4': 'maybe' }, []);
  const report = capabilityReport(bare.probe, bare.mse, []);
  assert.equal(report.hls, 'none');
  assert.deepEqual(report.hls_audio, []);
});
