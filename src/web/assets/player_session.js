// One video's playback: asks the server how to play it (POST /api/playback/{id} with
// the browser's capabilities), then plays the answer: direct through <video src>, remuxed or
// converted HLS through hls.js (served from this server, loaded only when needed), or nothing
// with an explanation. It asks again, at the current time, when:
//   - a direct play starts without picture (videoWidth 0) or without sound (no audio bytes
//     decoded after ~3 s of playing) although the file has them: direct play is then ruled out;
//   - the viewer picks another sound track or a subtitle the current stream does not carry;
//   - a converter queue position is shown (every few seconds, until a slot is free);
//   - the HLS stream fails for good (e.g. the server's converter job was stopped mid-play).
// A server without the playback API (older tglink) gets today's direct play.
'use strict';

import { browserCapabilities } from './player_capabilities.js';

const SILENCE_CHECK_SECONDS = 3;
const QUEUE_POLL_MS = 4000;
const MAX_RECOVERIES = 3; // HLS failures answered by asking again, per video and choice

// Outcomes of a request that are about the link, not the format: the page says so and stops.
function linkProblem(status) {
  if (status === 410) return 'expired';
  if (status === 404) return 'not-found';
  if (status === 429 || status === 503) return 'busy';
  return 'failed';
}

function loadHlsLibrary(assets) {
  if (window.Hls) return Promise.resolve(window.Hls);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${assets}/hls.min.js`;
    script.addEventListener('load', () => resolve(window.Hls));
    script.addEventListener('error', () => reject(new Error('hls.js did not load')));
    document.head.append(script);
  });
}

export class PlaybackSession {
  // options: {video, streamUrl, playbackUrl, assets, onDecision(decision), onProblem(kind),
  //           onSubtitleTracks()}
  constructor(options) {
    this.video = options.video;
    this.streamUrl = options.streamUrl;
    this.playbackUrl = options.playbackUrl;
    this.assets = options.assets;
    this.onDecision = options.onDecision;
    this.onProblem = options.onProblem;
    this.onSubtitleTracks = options.onSubtitleTracks || (() => {});
    this.capabilities = null;
    this.decision = null;
    this.hls = null;
    this.choice = { audio_track: null, subtitle_track: null, exclude_direct: false };
    this.recoveries = 0;
    this.pollTimer = 0;
    this.generation = 0; // bumps with every attach; stale callbacks compare and bail out
    this.legacy = false; // no playback API on this server: plain direct play
    this.requestedSubtitle = null; // the subtitle_track of the last request
    // No media source yet (asking, waiting for a converter, loading hls.js): a Play press is
    // kept for when there is one, since attaching a source would cancel it.
    this.attaching = true;
    this.pendingPlay = false;
  }

  async start() {
    this.capabilities = await browserCapabilities();
    await this.ask(0, false);
  }

  // The viewer picked another sound track (an index into decision.audio).
  chooseAudio(index) {
    this.choice.audio_track = index;
    this.recoveries = 0;
    return this.askAgain();
  }

  // The viewer picked a subtitle (an index into decision.subtitles) or none (null): shown from
  // the current stream when it carries it, otherwise the server is asked for a stream that does.
  async chooseSubtitle(index) {
    this.choice.subtitle_track = index;
    this.recoveries = 0;
    if (this.showSubtitleInStream(index)) return;
    if (index === null) return;
    await this.askAgain();
  }

  // The Play button: now, or as soon as the stream is attached.
  play() {
    if (this.attaching) {
      this.pendingPlay = true;
      return Promise.resolve();
    }
    return this.video.play();
  }

  // The stream is attached: play when it was playing or Play was pressed meanwhile.
  attached(resume) {
    this.attaching = false;
    if (resume || this.pendingPlay) {
      this.pendingPlay = false;
      this.video.play().catch(() => {});
    }
  }

  currentTime() {
    return this.video.currentTime || 0;
  }

  askAgain() {
    return this.ask(this.currentTime(), !this.video.paused);
  }

  requestBody(start) {
    const body = { ...this.capabilities, exclude_direct: this.choice.exclude_direct, start };
    if (this.choice.audio_track !== null) body.audio_track = this.choice.audio_track;
    if (this.choice.subtitle_track !== null) body.subtitle_track = this.choice.subtitle_track;
    return body;
  }

  async ask(start, resume) {
    clearTimeout(this.pollTimer);
    this.requestedSubtitle = this.choice.subtitle_track;
    let response;
    try {
      response = await fetch(this.playbackUrl, {
        method: 'POST',
        cache: 'no-store',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(this.requestBody(start)),
      });
    } catch (_) {
      this.onProblem('failed');
      return;
    }
    if (response.status === 200) {
      const decision = await response.json();
      this.apply(decision, start, resume);
      return;
    }
    await this.explainRefusal(response.status);
  }

  // A 404 is either the link (the file is gone) or a server without this API: /stream tells.
  async explainRefusal(status) {
    if (status !== 404 && status !== 405) {
      this.onProblem(linkProblem(status));
      return;
    }
    const streamStatus = await this.streamStatus();
    if (streamStatus >= 200 && streamStatus < 300) {
      this.legacy = true;
      this.playDirect({ method: 'direct', reasons: [], audio: [], subtitles: [], video: null }, 0, false);
    } else {
      this.onProblem(linkProblem(streamStatus));
    }
  }

  async streamStatus() {
    try {
      return (await fetch(this.streamUrl, { method: 'HEAD', cache: 'no-store' })).status;
    } catch (_) {
      return 0;
    }
  }

  apply(decision, start, resume) {
    this.decision = decision;
    this.onDecision(decision);
    const waiting = Number(decision.queue_position) > 0;
    if (waiting) {
      this.detach();
      this.pollTimer = setTimeout(() => this.ask(start, resume), QUEUE_POLL_MS);
      return;
    }
    if (decision.method === 'direct') this.playDirect(decision, start, resume);
    else if ((decision.method === 'remux' || decision.method === 'transcode') && decision.url) {
      this.playHls(decision, start, resume);
    } else this.stop();
  }

  // Nothing to play (the answer is "unplayable"): no sound left running without its picture.
  stop() {
    this.detach();
    this.video.pause();
    this.video.removeAttribute('src');
    this.video.load();
  }

  detach() {
    this.generation += 1;
    this.attaching = true;
    if (this.hls) {
      this.hls.destroy();
      this.hls = null;
    }
  }

  // Sets a position once the element knows its duration, then plays if it was playing.
  resumeAt(start, resume, generation) {
    const go = () => {
      if (generation !== this.generation) return;
      if (start > 0 && Math.abs(this.video.currentTime - start) > 0.5) this.video.currentTime = start;
      this.attached(resume);
    };
    this.attaching = false; // the source is set: play() now waits for it by itself
    if (this.video.readyState >= HTMLMediaElement.HAVE_METADATA) go();
    else this.video.addEventListener('loadedmetadata', go, { once: true });
  }

  playDirect(decision, start, resume) {
    this.detach();
    const generation = this.generation;
    const video = this.video;
    video.preload = 'metadata';
    video.src = this.streamUrl;
    this.watchDirect(decision, generation);
    this.resumeAt(start, resume, generation);
  }

  // Direct play on a wrong guess: the file has a picture or sound the browser does not decode.
  watchDirect(decision, generation) {
    const video = this.video;
    // `failed` is "video" or "audio" (or "" for an error): the browser said it decodes it, and it did
    // not, so it leaves the report too (a remux that copies it would fail the same way).
    const ruleOutDirect = (failed) => {
      if (generation !== this.generation || this.legacy || this.choice.exclude_direct) return;
      this.choice.exclude_direct = true;
      this.forget(decision, failed);
      this.askAgain();
    };
    // Without a probe (no ffprobe on the server, or it could not read the file) the page only
    // knows that it was sent as a video.
    const reasons = Array.isArray(decision.reasons) ? decision.reasons : [];
    const unprobed = reasons.includes('probe_failed') || reasons.includes('ffmpeg_missing');
    video.addEventListener('loadedmetadata', () => {
      if ((decision.video || unprobed) && video.videoWidth === 0) ruleOutDirect('video');
    }, { once: true });
    const hasAudio = Array.isArray(decision.audio) && decision.audio.length > 0;
    if (hasAudio && 'webkitAudioDecodedByteCount' in video) {
      let from = null;
      const listen = () => {
        if (generation !== this.generation) {
          video.removeEventListener('timeupdate', listen);
          return;
        }
        if (from === null) from = video.currentTime;
        if (video.currentTime - from < SILENCE_CHECK_SECONDS) return;
        video.removeEventListener('timeupdate', listen);
        if (video.webkitAudioDecodedByteCount === 0) ruleOutDirect('audio');
      };
      video.addEventListener('timeupdate', listen);
    }
    video.addEventListener('error', async () => {
      if (generation !== this.generation) return;
      const status = await this.streamStatus();
      if (status >= 200 && status < 300) {
        if (this.legacy || this.choice.exclude_direct) this.onProblem('unsupported');
        else ruleOutDirect('');
      } else {
        this.onProblem(linkProblem(status));
      }
    }, { once: true });
  }

  // Drops from the capability report the codec a direct play showed this browser lacks.
  forget(decision, failed) {
    const caps = this.capabilities;
    if (failed === 'video' && decision.video && decision.video.codec) {
      caps.video = caps.video.filter((codec) => codec !== decision.video.codec);
    }
    if (failed === 'audio') {
      const playing = (decision.audio || []).find((track) => track.index === decision.audio_track) ||
        (decision.audio || [])[0];
      if (playing && playing.codec) {
        caps.audio = caps.audio.filter((codec) => codec !== playing.codec);
        caps.hls_audio = caps.hls_audio.filter((codec) => codec !== playing.codec);
      }
    }
  }

  async playHls(decision, start, resume) {
    this.detach();
    const generation = this.generation;
    const url = new URL(decision.url, new URL(this.playbackUrl, window.location.href)).href;
    const video = this.video;
    video.preload = 'auto';
    if (this.capabilities.hls === 'mse') {
      let Hls;
      try {
        Hls = await loadHlsLibrary(this.assets);
      } catch (_) {
        this.onProblem('failed');
        return;
      }
      if (generation !== this.generation) return;
      if (Hls.isSupported()) {
        this.attachHlsJs(Hls, url, start, resume, generation);
        return;
      }
    }
    video.src = url; // Safari's own HLS (iPhone without Media Source Extensions)
    video.addEventListener('loadedmetadata', () => this.onSubtitleTracks(), { once: true });
    this.resumeAt(start, resume, generation);
  }

  attachHlsJs(Hls, url, start, resume, generation) {
    const patient = {
      maxTimeToFirstByteMs: 30000, // a converter's first segment can take this long on 2 cores
      maxLoadTimeMs: 120000,
      timeoutRetry: { maxNumRetry: 4, retryDelayMs: 0, maxRetryDelayMs: 0 },
      errorRetry: { maxNumRetry: 8, retryDelayMs: 1000, maxRetryDelayMs: 8000 },
    };
    const hls = new Hls({
      enableWorker: false, // no blob: worker, so the page's CSP needs no worker-src
      startPosition: start,
      fragLoadPolicy: { default: patient },
      subtitleDisplay: true,
    });
    this.hls = hls;
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (generation === this.generation && data.fatal) this.recover(Hls, data);
    });
    hls.on(Hls.Events.SUBTITLE_TRACKS_UPDATED, () => {
      if (generation !== this.generation) return;
      this.showSubtitleInStream(this.choice.subtitle_track);
      this.onSubtitleTracks();
    });
    hls.on(Hls.Events.MEDIA_ATTACHED, () => {
      if (generation === this.generation) this.attached(resume);
    });
    hls.loadSource(url);
    hls.attachMedia(this.video);
  }

  recover(Hls, data) {
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR && this.recoveries === 0) {
      this.recoveries += 1;
      this.hls.recoverMediaError();
      return;
    }
    if (this.recoveries >= MAX_RECOVERIES) {
      this.detach();
      this.onProblem('failed');
      return;
    }
    this.recoveries += 1;
    this.askAgain();
  }

  // The text tracks the current stream carries: hls.js's subtitle renditions, or the element's
  // own (Safari's HLS). Each {lang, name}.
  streamSubtitleTracks() {
    if (this.hls) return this.hls.subtitleTracks.map((t) => ({ lang: t.lang || '', name: t.name || '' }));
    return Array.from(this.video.textTracks || [])
      .filter((t) => t.kind === 'subtitles' || t.kind === 'captions')
      .map((t) => ({ lang: t.language || '', name: t.label || '' }));
  }

  // Which of the stream's tracks is decision.subtitles[index]: the renditions follow the
  // file's text subtitles in order when all are there; otherwise the one named alike.
  streamTrackFor(index) {
    if (index === null || !this.decision) return -1;
    const texts = (this.decision.subtitles || []).filter((s) => s.kind !== 'image');
    const wanted = (this.decision.subtitles || []).find((s) => s.index === index);
    const tracks = this.streamSubtitleTracks();
    if (!wanted || tracks.length === 0) return -1;
    if (tracks.length === texts.length) return texts.indexOf(wanted);
    const alike = tracks.findIndex((t) => t.lang === (wanted.language || '') &&
      (t.name === (wanted.title || '') || !wanted.title));
    if (alike >= 0) return alike;
    return tracks.length === 1 && this.requestedSubtitle === index ? 0 : -1;
  }

  // Shows subtitle `index` (or none) from the current stream; false when it does not carry it.
  showSubtitleInStream(index) {
    const position = this.streamTrackFor(index);
    if (index !== null && position < 0) return false;
    if (this.hls) {
      this.hls.subtitleDisplay = index !== null;
      this.hls.subtitleTrack = position;
      return true;
    }
    const tracks = Array.from(this.video.textTracks || [])
      .filter((t) => t.kind === 'subtitles' || t.kind === 'captions');
    tracks.forEach((track, i) => { track.mode = i === position ? 'showing' : 'disabled'; });
    return index === null || tracks.length > 0;
  }
}
