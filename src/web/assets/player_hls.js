// The server's HLS stream (a remux or a conversion) in the <video>: through hls.js (served by
// this server, loaded only when needed) wherever Media Source Extensions exist, else the
// element's own HLS (iPhone Safari). One attachment per decision; detach() destroys the hls.js
// instance and drops every listener (one AbortController), so the next attachment starts clean.
//
// A watchdog covers the stream that arrives but never shows: when the playlists came and no
// segment was asked for, or segments were buffered and no frame came, within STALL_MS, the
// attachment tells the host, which reloads it once and then says what is wrong.
'use strict';

import { seekIfNeeded, whenMetadata } from './player_direct.js';

export const STALL_MS = 8000;
const HAVE_CURRENT_DATA = 2;

let hlsLibrary = null; // one load per page, shared by every attachment

export function loadHlsLibrary(assets) {
  if (window.Hls) return Promise.resolve(window.Hls);
  if (hlsLibrary) return hlsLibrary;
  hlsLibrary = new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${assets}/hls.min.js`;
    script.addEventListener('load', () => resolve(window.Hls));
    script.addEventListener('error', () => {
      hlsLibrary = null; // a later attachment may try again
      reject(new Error('hls.js did not load'));
    });
    document.head.append(script);
  });
  return hlsLibrary;
}

// A converter's first segment can take this long on a small server.
const PATIENT = {
  maxTimeToFirstByteMs: 30000,
  maxLoadTimeMs: 120000,
  timeoutRetry: { maxNumRetry: 4, retryDelayMs: 0, maxRetryDelayMs: 0 },
  errorRetry: { maxNumRetry: 8, retryDelayMs: 1000, maxRetryDelayMs: 8000 },
};

export function hlsConfig(start) {
  return {
    enableWorker: false, // no blob: worker, so the page's CSP needs no worker-src
    startPosition: start,
    fragLoadPolicy: { default: PATIENT },
    subtitleDisplay: true,
  };
}

export class HlsAttachment {
  // host: the session (video, assets, playbackUrl, capabilities, attached(), stalled(),
  // hlsFailed(), subtitleTracksChanged(), failed()); decision: the server's answer.
  constructor(host, decision, start) {
    this.host = host;
    this.decision = decision;
    this.start = start;
    this.controller = new AbortController();
    this.hls = null;
    this.timer = 0;
    this.watching = '';
    this.awaitingPicture = true; // until the first frame, and again after each seek
  }

  get active() {
    return !this.controller.signal.aborted;
  }

  url() {
    return new URL(this.decision.url, new URL(this.host.playbackUrl, window.location.href)).href;
  }

  async attach() {
    const { video } = this.host;
    video.preload = 'auto';
    if (this.host.capabilities.hls === 'mse') {
      let Hls;
      try {
        Hls = await loadHlsLibrary(this.host.assets);
      } catch (_) {
        if (this.active) this.host.failed('failed');
        return;
      }
      if (!this.active) return;
      if (Hls.isSupported()) {
        this.attachHlsJs(Hls);
        return;
      }
    }
    this.attachNative();
  }

  detach() {
    this.controller.abort();
    clearTimeout(this.timer);
    if (this.hls) {
      this.hls.destroy();
      this.hls = null;
    }
  }

  // Safari's own HLS (iPhone without Media Source Extensions): subtitles come as the
  // playlist's renditions, in the element's textTracks.
  attachNative() {
    const { video } = this.host;
    const signal = this.controller.signal;
    video.src = this.url();
    video.addEventListener('loadedmetadata', () => this.host.subtitleTracksChanged(this), { once: true, signal });
    if (video.textTracks && video.textTracks.addEventListener) {
      video.textTracks.addEventListener('addtrack', () => this.host.subtitleTracksChanged(this), { signal });
    }
    whenMetadata(video, signal, () => {
      seekIfNeeded(video, this.start);
      this.host.attached(this);
    });
  }

  attachHlsJs(Hls) {
    const { video } = this.host;
    const hls = new Hls(hlsConfig(this.start));
    this.hls = hls;
    const mine = (handler) => (...args) => {
      if (this.active) handler(...args);
    };
    hls.on(Hls.Events.ERROR, mine((_event, data) => {
      if (data.fatal) this.host.hlsFailed(this, Hls, data);
    }));
    hls.on(Hls.Events.SUBTITLE_TRACKS_UPDATED, mine(() => this.host.subtitleTracksChanged(this)));
    // A stream without subtitle renditions (a PGS track drawn from subs.sup) never updates them.
    hls.on(Hls.Events.MANIFEST_PARSED, mine(() => this.host.subtitleTracksChanged(this)));
    hls.on(Hls.Events.MEDIA_ATTACHED, mine(() => this.host.attached(this)));
    hls.on(Hls.Events.LEVEL_LOADED, mine(() => this.arm('segments')));
    hls.on(Hls.Events.FRAG_LOADING, mine(() => this.disarm('segments')));
    hls.on(Hls.Events.FRAG_BUFFERED, mine(() => this.arm('picture')));
    this.watchPicture();
    hls.loadSource(this.url());
    hls.attachMedia(video);
  }

  watchPicture() {
    const { video } = this.host;
    const signal = this.controller.signal;
    const shown = () => {
      this.awaitingPicture = false;
      this.disarm(null);
    };
    video.addEventListener('loadeddata', shown, { signal });
    video.addEventListener('seeked', shown, { signal });
    video.addEventListener('seeking', () => { this.awaitingPicture = true; }, { signal });
  }

  // Starts the watchdog for `what` ("segments": none asked for since the playlists came;
  // "picture": none shown since a segment was buffered) unless one runs or the picture is there.
  arm(what) {
    const { video } = this.host;
    if (!this.awaitingPicture || this.timer) return;
    if (what === 'picture' && video.readyState >= HAVE_CURRENT_DATA && !video.seeking) return;
    this.watching = what;
    this.timer = setTimeout(() => {
      this.timer = 0;
      if (this.active && this.awaitingPicture) this.host.stalled(this, what);
    }, STALL_MS);
  }

  disarm(what) {
    if (!this.timer || (what && this.watching !== what)) return;
    clearTimeout(this.timer);
    this.timer = 0;
  }

  // The text tracks this stream carries: hls.js's subtitle renditions, or the element's own.
  // Each {lang, name}.
  subtitleTracks() {
    if (this.hls) return this.hls.subtitleTracks.map((t) => ({ lang: t.lang || '', name: t.name || '' }));
    return Array.from(this.host.video.textTracks || [])
      .filter((t) => t.kind === 'subtitles' || t.kind === 'captions')
      .map((t) => ({ lang: t.language || '', name: t.label || '' }));
  }

  // Shows the stream's subtitle track `position` (-1: none).
  showSubtitle(position) {
    if (this.hls) {
      this.hls.subtitleDisplay = position >= 0;
      this.hls.subtitleTrack = position;
      return;
    }
    Array.from(this.host.video.textTracks || [])
      .filter((t) => t.kind === 'subtitles' || t.kind === 'captions')
      .forEach((track, i) => { track.mode = i === position ? 'showing' : 'disabled'; });
  }

  recoverMediaError() {
    if (this.hls) this.hls.recoverMediaError();
  }
}
