// Plain-language sentences for what the server decided (POST /api/playback/{id}): the response's
// machine-readable `reasons` ("audio_codec_unsupported:ac3", "conversion_off", ...) become one
// short paragraph for the banner under the video. The page sets it with textContent only.
'use strict';

import { displayName } from './player_codecs.js';
import { METHOD, REASON, parseReasons } from './player_vocabulary.js';

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
  const video = detailOf(parsed, REASON.videoCodecUnsupported);
  const audio = detailOf(parsed, REASON.audioCodecUnsupported);
  const container = detailOf(parsed, REASON.containerUnsupported);
  if (video !== null) parts.push(`${displayName(video)} video`);
  if (audio !== null) parts.push(`${displayName(audio)} sound`);
  if (container !== null && parts.length === 0) parts.push(`the ${displayName(container)} format`);
  return parts.join(' or ');
}

function convertedSound(parsed) {
  const audio = detailOf(parsed, REASON.audioCodecUnsupported);
  return audio === null ? '' : `The sound is converted on the server (${displayName(audio)} → AAC), ` +
    'because this browser cannot play it. ';
}

// A file outside what the server lets its converter open (a manifest posing as a video, a codec
// nobody needs in a browser): said plainly, since no other browser or setting would change it.
function refusedSentence(parsed) {
  const advice = 'Download it, or open it in VLC, MX Player or mpv.';
  if (has(parsed, REASON.protocolRefused)) {
    return 'This file asks the server to open other files or addresses, which it never does, so it ' +
      `cannot be played in the browser. ${advice}`;
  }
  const container = detailOf(parsed, REASON.containerRefused);
  if (container !== null) {
    return `This file's format (${container.toLowerCase()}) is not one the server opens, so it cannot be ` +
      `played in the browser. ${advice}`;
  }
  const codec = detailOf(parsed, REASON.codecRefused);
  if (codec !== null) {
    return `This file's ${displayName(codec)} format is not one the server opens, so it cannot be ` +
      `played in the browser. ${advice}`;
  }
  return '';
}

function unplayableSentence(parsed) {
  const missing = whatIsMissing(parsed);
  const lead = missing ? `This browser cannot play ${missing}` : 'This file cannot be played in the browser';
  if (has(parsed, REASON.noStreams)) {
    return 'No picture or sound was found in this file. Download it, or open it in VLC, MX Player or mpv.';
  }
  if (has(parsed, REASON.probeFailed)) {
    return 'The server could not read this file to find out its format. Download it, or open it in ' +
      'VLC, MX Player or mpv.';
  }
  const refused = refusedSentence(parsed);
  if (refused) return refused;
  let why = '';
  if (has(parsed, REASON.diskLow)) why = ', and the server is short of disk space for conversions';
  else if (has(parsed, REASON.converterUnconfined)) {
    why = ', and this server\'s kernel cannot confine its converter, so it converts nothing';
  }
  else if (has(parsed, REASON.valueOutOfRange)) {
    why = `: it states an impossible ${detailOf(parsed, REASON.valueOutOfRange).replaceAll('_', ' ')}, so it cannot be converted`;
  } else if (has(parsed, REASON.ffmpegMissing)) why = ', and this server has no converter (ffmpeg) installed';
  else if (has(parsed, REASON.conversionOff)) why = ', and converting videos is turned off on this server';
  else if (has(parsed, REASON.converterBusy)) why = ', and the server\'s converter is busy right now';
  else if (has(parsed, REASON.hlsUnsupported)) why = ', and this browser cannot play the server\'s converted stream';
  else if (has(parsed, REASON.videoTooLarge)) why = ': the picture is too large to convert';
  else if (has(parsed, REASON.durationUnknown)) why = ': its length is unknown, so it cannot be converted';
  return `${lead}${why}. Download it, or open it in VLC, MX Player or mpv.`;
}

function imageSubtitleSentence(parsed) {
  if (!has(parsed, REASON.imageSubtitles)) return '';
  return has(parsed, REASON.subtitlesBurnable)
    ? ' Picture subtitles in this file that this browser does not draw (VobSub, or PGS without its renderer) can be burned into the video on the server: ' +
      'pick one under Subtitles (that converts the video and takes one of the server\'s converter slots).'
    : ' Picture subtitles in this file that this browser does not draw (VobSub, or PGS without its renderer) are not shown here; VLC and mpv show them.';
}

const BURNED = 'The picture subtitles you chose are burned into the video on the server: ' +
  'this converts the video and takes one of the server\'s converter slots; switching them off ' +
  'reloads the video.';

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
    case METHOD.unplayable:
      return unplayableSentence(parsed) + imageSubtitleSentence(parsed);
    case METHOD.transcode: {
      if (has(parsed, REASON.subtitleBurned)) {
        return `${BURNED} Jumping ahead past the converted part takes a few seconds.`;
      }
      const video = detailOf(parsed, REASON.videoCodecUnsupported);
      const what = video === null ? 'The video' : `The ${displayName(video)} video`;
      const height = decision.video && decision.video.height ? decision.video.height : 0;
      const size = height > 720 ? ', at up to 720p,' : '';
      return `${what} is converted on the server${size} because this browser cannot play it. ` +
        'Jumping ahead past the converted part takes a few seconds while the converter catches up.' +
        imageSubtitleSentence(parsed);
    }
    case METHOD.remux: {
      const sound = convertedSound(parsed);
      const container = detailOf(parsed, REASON.containerUnsupported);
      const repackaged = container === null || sound ? ''
        : `The ${displayName(container)} file is repackaged on the server for this browser; ` +
          'picture and sound are unchanged. ';
      const chosen = has(parsed, REASON.subtitleSelected) || has(parsed, REASON.audioTrackSelected)
        ? 'The file is repackaged on the server to carry the sound or subtitles you chose. ' : '';
      const text = (sound || repackaged || chosen) + imageSubtitleSentence(parsed).trim();
      return text.trim() || String(decision.notice || '');
    }
    default:
      return imageSubtitleSentence(parsed).trim();
  }
}
