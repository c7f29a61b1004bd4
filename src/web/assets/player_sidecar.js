// Subtitles the user sent beside the video (a .srt, .vtt, .ass or .ssa file paired with it in
// the chat), listed in the answer's "sidecars" and served by the video's link (/sub/{id}/{k}.*).
// They need no conversion job, so they show in every mode, direct play included, without asking
// the server for a new stream:
//   - SubRip and WebVTT as a <track> of WebVTT (the browser draws the cues);
//   - ASS/SSA drawn by the ASS renderer (player_ass.js), or, where it cannot start, as WebVTT.
// Their times are the file's own, which is the element's clock in direct play and in the
// server's HLS streams alike (docs/playback.md, "Timestamps").
// hls.js disables every subtitle track but its own when it switches its tracks, so a sidecar's
// <track> is set showing again whenever the element's tracks change under it.
'use strict';

import { AssSubtitles } from './player_ass.js';

// "Film.ru.srt (sent beside the video)".
export function sidecarLabel(track, position) {
  const name = track && typeof track.name === 'string' && track.name ? track.name : `Subtitles ${position + 1}`;
  return `${name} (sent beside the video)`;
}

// The menu's value for sidecar `index`, and back (null for any other value).
export function sidecarValue(index) {
  return `sidecar-${index}`;
}

export function sidecarIndex(value) {
  const match = /^sidecar-(\d+)$/.exec(String(value));
  return match ? Number(match[1]) : null;
}

export class SidecarSubtitles {
  constructor(video, assets) {
    this.video = video;
    this.ass = new AssSubtitles(video, assets);
    this.element = null; // the <track> shown
    this.showingIndex = null;
    this.generation = 0;
    this.watch = null; // an AbortController for the element's listener while a <track> shows
  }

  get index() {
    return this.showingIndex;
  }

  // Shows `track` (an entry of decision.sidecars) numbered `index`, or nothing (null).
  async show(track, index) {
    this.hide();
    if (!track) return;
    const generation = this.generation;
    this.showingIndex = index;
    if (track.ass && await this.ass.show(new URL(track.ass, window.location.href).href)) {
      if (generation === this.generation) this.mark('ass');
      return;
    }
    if (generation !== this.generation) return;
    const element = document.createElement('track');
    element.kind = 'subtitles';
    element.label = sidecarLabel(track, index);
    element.src = track.vtt;
    this.element = element;
    this.video.appendChild(element);
    element.track.mode = 'showing';
    this.watch = new AbortController();
    this.video.textTracks.addEventListener('change', () => this.keepShowing(), { signal: this.watch.signal });
    this.mark('vtt');
  }

  hide() {
    this.generation += 1;
    this.showingIndex = null;
    this.ass.hide();
    if (this.watch) {
      this.watch.abort();
      this.watch = null;
    }
    if (this.element) {
      this.element.track.mode = 'disabled';
      this.element.remove();
      this.element = null;
    }
    this.mark(null);
  }

  keepShowing() {
    const element = this.element;
    if (!element || element.track.mode === 'showing') return;
    // After the change that hid it has run its course (hls.js's own handler included).
    setTimeout(() => {
      if (this.element === element && element.track.mode !== 'showing') element.track.mode = 'showing';
    }, 0);
  }

  // data-sidecar-subtitles on the player: "vtt" or "ass", for tests and the curious.
  mark(state) {
    const root = document.getElementById('player') || document.documentElement;
    if (state === null) delete root.dataset.sidecarSubtitles;
    else root.dataset.sidecarSubtitles = state;
  }
}
