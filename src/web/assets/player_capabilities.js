// What this browser can decode, in the shape POST /api/playback/{id} expects: the
// server compares it with the file's probe and answers direct play, remux, transcode or
// "cannot play here". Names follow ffprobe's codec_name vocabulary.
//
// Three sources, each with its blind spots: canPlayType ("probably"/"maybe"/"") for <video src>,
// MediaSource.isTypeSupported for what hls.js can feed through MSE, and
// mediaCapabilities.decodingInfo, the only one that knows about hardware decoders (HEVC, AV1).
'use strict';

import { drawnSubtitleCodecs } from './player_pgs.js';

// Sample type strings per codec: any one that the browser accepts counts.
const VIDEO_TYPES = {
  h264: ['video/mp4; codecs="avc1.42E01E"', 'video/mp4; codecs="avc1.64001F"'],
  h264_10bit: ['video/mp4; codecs="avc1.6E001F"'],
  hevc: ['video/mp4; codecs="hvc1.1.6.L93.B0"', 'video/mp4; codecs="hev1.1.6.L93.B0"'],
  vp8: ['video/webm; codecs="vp8"'],
  vp9: ['video/webm; codecs="vp9"', 'video/mp4; codecs="vp09.00.10.08"'],
  av1: ['video/mp4; codecs="av01.0.04M.08"', 'video/webm; codecs="av01.0.04M.08"'],
  mpeg4: ['video/mp4; codecs="mp4v.20.9"'],
  theora: ['video/ogg; codecs="theora"'],
};

// The same codecs for mediaCapabilities, which also answers for hardware decoders.
const VIDEO_CONFIGS = {
  h264_10bit: 'video/mp4; codecs="avc1.6E001F"',
  hevc: 'video/mp4; codecs="hvc1.1.6.L93.B0"',
  av1: 'video/mp4; codecs="av01.0.04M.08"',
};

const AUDIO_TYPES = {
  aac: ['audio/mp4; codecs="mp4a.40.2"'],
  mp3: ['audio/mpeg'],
  opus: ['audio/webm; codecs="opus"', 'audio/mp4; codecs="opus"'],
  vorbis: ['audio/webm; codecs="vorbis"', 'audio/ogg; codecs="vorbis"'],
  flac: ['audio/flac', 'audio/mp4; codecs="flac"'],
  ac3: ['audio/mp4; codecs="ac-3"'],
  eac3: ['audio/mp4; codecs="ec-3"'],
  pcm_s16le: ['audio/wav; codecs="1"'],
};

// Audio inside fragmented MP4, as hls.js appends it to a SourceBuffer.
const HLS_AUDIO_TYPES = {
  aac: 'audio/mp4; codecs="mp4a.40.2"',
  mp3: 'audio/mp4; codecs="mp4a.6B"',
  opus: 'audio/mp4; codecs="opus"',
  flac: 'audio/mp4; codecs="flac"',
  ac3: 'audio/mp4; codecs="ac-3"',
  eac3: 'audio/mp4; codecs="ec-3"',
};

const CONTAINER_TYPES = {
  mp4: ['video/mp4'],
  mov: ['video/quicktime'],
  webm: ['video/webm'],
  mkv: ['video/x-matroska'],
  ogg: ['video/ogg'],
  '3gp': ['video/3gpp'],
  avi: ['video/x-msvideo'],
  wmv: ['video/x-ms-wmv'],
  ts: ['video/mp2t'],
  flv: ['video/x-flv'],
};

function canPlayAny(probe, types) {
  return types.some((type) => probe.canPlayType(type) !== '');
}

function mediaSourceClass() {
  if (typeof window === 'undefined') return null;
  return window.ManagedMediaSource || window.MediaSource || window.WebKitMediaSource || null;
}

function mseSupports(type) {
  const source = mediaSourceClass();
  try {
    return Boolean(source && source.isTypeSupported(type));
  } catch (_) {
    return false;
  }
}

// Every engine that opens MP4 opens QuickTime's H.264 files with the same demuxer, though
// Chromium answers "" for video/quicktime.
function quickTimeOpens(containers) {
  return containers.includes('mp4');
}

// Matroska counts when the engine says "probably" for it with H.264 inside: a bare "maybe"
// says only that the type is known (Safari answers "" anyway).
function matroskaStreams(probe) {
  return probe.canPlayType('video/x-matroska; codecs="avc1.42E01E"') === 'probably';
}

async function decodes(contentType) {
  if (typeof navigator === 'undefined' || !navigator.mediaCapabilities ||
      !navigator.mediaCapabilities.decodingInfo) {
    return false;
  }
  try {
    const info = await navigator.mediaCapabilities.decodingInfo({
      type: 'file',
      video: { contentType, width: 1280, height: 720, bitrate: 2_000_000, framerate: 25 },
    });
    return Boolean(info && info.supported);
  } catch (_) {
    return false;
  }
}

// hls.js works wherever Media Source Extensions take H.264 and AAC in MP4 (its own test); native
// HLS is trusted only without MSE, i.e. on iPhone Safari: desktop Chromium answers "maybe" too.
function hlsSupport(probe, mse) {
  if (mse('video/mp4; codecs="avc1.42E01E,mp4a.40.2"')) return 'mse';
  if (probe.canPlayType('application/vnd.apple.mpegurl') !== '') return 'native';
  return 'none';
}

// The report from the engine's answers: `probe` has canPlayType (a <video>), `mse(type)` says
// what Media Source Extensions take, `decoded` lists the codecs mediaCapabilities vouches for.
export function capabilityReport(probe, mse, decoded) {
  const containers = Object.keys(CONTAINER_TYPES).filter(
    (name) => canPlayAny(probe, CONTAINER_TYPES[name]) && (name !== 'mkv' || matroskaStreams(probe)));
  if (!containers.includes('mov') && quickTimeOpens(containers)) containers.push('mov');
  const video = Object.keys(VIDEO_TYPES).filter((name) => canPlayAny(probe, VIDEO_TYPES[name]));
  for (const name of decoded) {
    if (!video.includes(name)) video.push(name);
  }
  const audio = Object.keys(AUDIO_TYPES).filter((name) => canPlayAny(probe, AUDIO_TYPES[name]));
  const hls = hlsSupport(probe, mse);
  const hlsAudio = hls === 'mse'
    ? Object.keys(HLS_AUDIO_TYPES).filter((name) => mse(HLS_AUDIO_TYPES[name]))
    : (hls === 'native' ? ['aac'] : []);
  return { containers, video, audio, hls, hls_audio: hlsAudio };
}

// The capability report of this browser, without the per-request fields (exclude_direct,
// tracks, start).
export async function browserCapabilities() {
  const names = Object.keys(VIDEO_CONFIGS);
  const answers = await Promise.all(names.map((name) => decodes(VIDEO_CONFIGS[name])));
  const decoded = names.filter((_, i) => answers[i]);
  const report = capabilityReport(document.createElement('video'), mseSupports, decoded);
  return { ...report, drawn_subtitles: drawnSubtitleCodecs() };
}
