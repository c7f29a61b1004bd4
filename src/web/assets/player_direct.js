// Direct play: the file's own /stream URL in the <video>, as the server decided. The browser
// said it decodes the file; this attachment finds out when that was a wrong guess:
//   - no picture (videoWidth 0 once the metadata is known) although the file has video;
//   - no sound although the file has it: Firefox drops a track it cannot decode (mozHasAudio
//     false), Safari lists none (audioTracks empty), Chromium decodes no audio bytes after
//     ~3 s of playing (webkitAudioDecodedByteCount);
//   - an error from the element while /stream itself answers.
// Every listener hangs on the attachment's AbortController, so a detached attachment leaves
// nothing behind on the element.
'use strict';

import { REASON } from './player_vocabulary.js';

const SILENCE_CHECK_SECONDS = 3;

// Whether `a` and `b` name the same resource (relative to the page).
export function sameUrl(a, b, base) {
  try {
    return new URL(a, base).href === new URL(b, base).href;
  } catch (_) {
    return false;
  }
}

// Calls `go` once the element knows its duration (now, if it already does).
export function whenMetadata(video, signal, go) {
  if (video.readyState >= 1) go(); // HTMLMediaElement.HAVE_METADATA
  else video.addEventListener('loadedmetadata', go, { once: true, signal });
}

// Moves to `start` unless the element is already about there (a play that began before the
// decision keeps its place).
export function seekIfNeeded(video, start) {
  if (start > 0 && Math.abs(video.currentTime - start) > 0.5) video.currentTime = start;
}

export class DirectAttachment {
  // host: the session (video, streamUrl, capabilities, choice, legacy, attached(), ruleOutDirect(),
  // streamStatus(), linkProblem()); decision: the server's answer; start: where to begin.
  constructor(host, decision, start) {
    this.host = host;
    this.decision = decision;
    this.start = start;
    this.controller = new AbortController();
  }

  get active() {
    return !this.controller.signal.aborted;
  }

  // The element keeps a source it already has (the page's own /stream, perhaps already
  // playing because Play was pressed before the decision); otherwise it loads the file.
  attach() {
    const { video, streamUrl } = this.host;
    const loaded = video.currentSrc && sameUrl(video.currentSrc, streamUrl, window.location.href) &&
      !video.error;
    if (!loaded) {
      video.preload = 'metadata';
      video.src = streamUrl;
    } else if (video.preload === 'none') {
      video.preload = 'metadata';
    }
    this.watch();
    whenMetadata(video, this.controller.signal, () => {
      seekIfNeeded(video, this.start);
      this.host.attached(this);
    });
    return Promise.resolve();
  }

  detach() {
    this.controller.abort();
  }

  // The file has video (or nobody knows, without a probe).
  expectsPicture() {
    const reasons = Array.isArray(this.decision.reasons) ? this.decision.reasons : [];
    const unprobed = reasons.includes(REASON.probeFailed) || reasons.includes(REASON.ffmpegMissing);
    return Boolean(this.decision.video) || unprobed;
  }

  expectsSound() {
    return Array.isArray(this.decision.audio) && this.decision.audio.length > 0;
  }

  watch() {
    const { video } = this.host;
    const signal = this.controller.signal;
    const wrong = (failed) => {
      if (this.active) this.host.ruleOutDirect(this, failed);
    };
    whenMetadata(video, signal, () => {
      if (this.expectsPicture() && video.videoWidth === 0) wrong('video');
      else if (this.expectsSound() && this.soundDropped()) wrong('audio');
    });
    if (this.expectsSound() && 'webkitAudioDecodedByteCount' in video) this.listenForSound();
    video.addEventListener('error', () => {
      if (!this.active) return;
      this.host.streamStatus().then((status) => {
        if (!this.active) return;
        if (status >= 200 && status < 300) wrong('');
        else this.host.linkProblem(status);
      }, () => {});
    }, { once: true, signal });
  }

  // Engines that say at once that they dropped the sound.
  soundDropped() {
    const { video } = this.host;
    if ('mozHasAudio' in video) return !video.mozHasAudio;
    if (video.audioTracks && typeof video.audioTracks.length === 'number') return video.audioTracks.length === 0;
    return false;
  }

  // Chromium: no audio bytes decoded after a few seconds of playing.
  listenForSound() {
    const { video } = this.host;
    const signal = this.controller.signal;
    let from = null;
    const listen = () => {
      if (from === null) from = video.currentTime;
      if (video.currentTime - from < SILENCE_CHECK_SECONDS) return;
      video.removeEventListener('timeupdate', listen);
      if (this.active && video.webkitAudioDecodedByteCount === 0) this.host.ruleOutDirect(this, 'audio');
    };
    video.addEventListener('timeupdate', listen, { signal });
  }
}
