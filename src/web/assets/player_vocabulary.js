// The words POST /api/playback/{id} answers with, as the server spells them: the methods, and
// the kinds of reason (a reason is "kind" or "kind:detail", e.g. "audio_codec_unsupported:ac3").
// The server's list is playback/playback_vocabulary.hpp; a test holds the two equal.
'use strict';

export const METHOD = Object.freeze({
  direct: 'direct',
  remux: 'remux',
  transcode: 'transcode',
  unplayable: 'unplayable',
});

export const REASON = Object.freeze({
  probeFailed: 'probe_failed',
  ffmpegMissing: 'ffmpeg_missing',
  directExcluded: 'direct_excluded',
  noStreams: 'no_streams',
  containerUnsupported: 'container_unsupported',
  videoCodecUnsupported: 'video_codec_unsupported',
  audioCodecUnsupported: 'audio_codec_unsupported',
  audioTrackSelected: 'audio_track_selected',
  subtitleSelected: 'subtitle_selected',
  imageSubtitles: 'image_subtitles',
  subtitlesBurnable: 'subtitles_burnable',
  subtitleBurned: 'subtitle_burned',
  hlsUnsupported: 'hls_unsupported',
  conversionOff: 'conversion_off',
  videoTooLarge: 'video_too_large',
  durationUnknown: 'duration_unknown',
  converterBusy: 'converter_busy',
  diskLow: 'disk_low',
  converterUnconfined: 'converter_unconfined',
  valueOutOfRange: 'value_out_of_range',
  containerRefused: 'container_refused',
  codecRefused: 'codec_refused',
  protocolRefused: 'protocol_refused',
});

// A decision's method plays a stream of the server's (HLS).
export function isConversion(method) {
  return method === METHOD.remux || method === METHOD.transcode;
}

// {kind, detail} for each reason; a reason without ":" has detail "".
export function parseReasons(reasons) {
  return (Array.isArray(reasons) ? reasons : []).map((reason) => {
    const text = String(reason);
    const colon = text.indexOf(':');
    return colon < 0 ? { kind: text, detail: '' }
      : { kind: text.slice(0, colon), detail: text.slice(colon + 1) };
  });
}
