// Plain-language sentences for what the server decided (POST /api/playback/{id}): the response's
// machine-readable `reasons` ("audio_codec_unsupported:ac3", "conversion_off", ...) become one
// short paragraph for the banner under the video. The page sets it with textContent only.
'use strict';

// ffprobe's codec and format names as people know them.
const NAMES = {
  h264: 'H.264', hevc: 'HEVC (H.265)', vp8: 'VP8', vp9: 'VP9', av1: 'AV1',
  mpeg4: 'MPEG-4 Part 2 (Xvid/DivX)', msmpeg4v2: 'MPEG-4 (Microsoft)', msmpeg4v3: 'DivX 3',
  wmv1: 'Windows Media Video', wmv2: 'Windows Media Video', wmv3: 'Windows Media Video 9',
  vc1: 'VC-1', h263: 'H.263', mpeg2video: 'MPEG-2', mpeg1video: 'MPEG-1', theora: 'Theora',
  aac: 'AAC', mp3: 'MP3', opus: 'Opus', vorbis: 'Vorbis', flac: 'FLAC', ac3: 'AC-3 (Dolby Digital)',
  eac3: 'E-AC-3 (Dolby Digital Plus)', dts: 'DTS', truehd: 'Dolby TrueHD', wmav2: 'Windows Media Audio',
  amr_nb: 'AMR', amr_wb: 'AMR-WB', alac: 'ALAC', pcm_s16le: 'PCM',
  avi: 'AVI', wmv: 'WMV', asf: 'WMV', mkv: 'MKV', matroska: 'MKV', '3gp': '3GP', mov: 'MOV',
  mp4: 'MP4', webm: 'WebM', flv: 'FLV', ts: 'MPEG-TS', mpegts: 'MPEG-TS',
};

export function displayName(name) {
  const key = String(name || '').toLowerCase();
  return NAMES[key] || String(name || '').toUpperCase();
}

// {kind, detail} for each reason; a reason without ":" has detail "".
function parseReasons(reasons) {
  return (Array.isArray(reasons) ? reasons : []).map((reason) => {
    const text = String(reason);
    const colon = text.indexOf(':');
    return colon < 0 ? { kind: text, detail: '' }
      : { kind: text.slice(0, colon), detail: text.slice(colon + 1) };
  });
}

function detailOf(parsed, kind) {
  const found = parsed.find((reason) => reason.kind === kind);
  return found ? found.detail : null;
}

function has(parsed, kind) {
  return parsed.some((reason) => reason.kind === kind);
}

// What the browser could not play, as "HEVC (H.265) video" / "AC-3 sound" / "the AVI format".
function whatIsMissing(parsed) {
  const parts = [];
  const video = detailOf(parsed, 'video_codec_unsupported');
  const audio = detailOf(parsed, 'audio_codec_unsupported');
  const container = detailOf(parsed, 'container_unsupported');
  if (video !== null) parts.push(`${displayName(video)} video`);
  if (audio !== null) parts.push(`${displayName(audio)} sound`);
  if (container !== null && parts.length === 0) parts.push(`the ${displayName(container)} format`);
  return parts.join(' or ');
}

function convertedSound(parsed) {
  const audio = detailOf(parsed, 'audio_codec_unsupported');
  return audio === null ? '' : `The sound is converted on the server (${displayName(audio)} → AAC), ` +
    'because this browser cannot play it. ';
}

function unplayableSentence(parsed) {
  const missing = whatIsMissing(parsed);
  const lead = missing ? `This browser cannot play ${missing}` : 'This file cannot be played in the browser';
  if (has(parsed, 'no_streams')) {
    return 'No picture or sound was found in this file. Download it, or open it in VLC, MX Player or mpv.';
  }
  if (has(parsed, 'probe_failed')) {
    return 'The server could not read this file to find out its format. Download it, or open it in ' +
      'VLC, MX Player or mpv.';
  }
  let why = '';
  if (has(parsed, 'ffmpeg_missing')) why = ', and this server has no converter (ffmpeg) installed';
  else if (has(parsed, 'conversion_off')) why = ', and converting videos is turned off on this server';
  else if (has(parsed, 'converter_busy')) why = ', and the server\'s converter is busy right now';
  else if (has(parsed, 'hls_unsupported')) why = ', and this browser cannot play the server\'s converted stream';
  else if (has(parsed, 'video_too_large')) why = ': the picture is too large to convert';
  return `${lead}${why}. Download it, or open it in VLC, MX Player or mpv.`;
}

function imageSubtitleSentence(parsed) {
  return has(parsed, 'image_subtitles')
    ? ' Picture subtitles (PGS, VobSub) in this file are not shown in the browser; VLC and mpv show them.'
    : '';
}

// The banner text for one decision, or "" when the file simply plays as it is.
export function noticeFor(decision) {
  const parsed = parseReasons(decision.reasons);
  const queue = Number(decision.queue_position) || 0;
  if (queue > 0) {
    const ahead = queue === 1 ? '1 video is' : `${queue} videos are`;
    return `Waiting for a free converter: ${ahead} ahead of this one. The page checks again by itself ` +
      'every few seconds; you can also download the file or open it in VLC, MX Player or mpv.';
  }
  switch (decision.method) {
    case 'unplayable':
      return unplayableSentence(parsed) + imageSubtitleSentence(parsed);
    case 'transcode': {
      const video = detailOf(parsed, 'video_codec_unsupported');
      const what = video === null ? 'The video' : `The ${displayName(video)} video`;
      const height = decision.video && decision.video.height ? decision.video.height : 0;
      const size = height > 720 ? ', at up to 720p,' : '';
      return `${what} is converted on the server${size} because this browser cannot play it. ` +
        'Jumping ahead past the converted part takes a few seconds while the converter catches up.' +
        imageSubtitleSentence(parsed);
    }
    case 'remux': {
      const sound = convertedSound(parsed);
      const container = detailOf(parsed, 'container_unsupported');
      const repackaged = container === null || sound ? ''
        : `The ${displayName(container)} file is repackaged on the server for this browser; ` +
          'picture and sound are unchanged. ';
      const chosen = has(parsed, 'subtitle_selected') || has(parsed, 'audio_track_selected')
        ? 'The file is repackaged on the server to carry the sound or subtitles you chose. ' : '';
      const text = (sound || repackaged || chosen) + imageSubtitleSentence(parsed).trim();
      return text.trim() || String(decision.notice || '');
    }
    default:
      return imageSubtitleSentence(parsed).trim();
  }
}
