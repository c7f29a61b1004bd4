// PGS (Blu-ray picture) subtitles drawn in the browser: libpgs (served by this server with its
// worker, loaded only when such a subtitle is chosen) draws the stream's bitmaps on a canvas laid
// over the <video>, at the video's time. The stream comes from the conversion job (subs.sup
// beside the stream's playlists, in the file's own time) and grows as the job reads the file,
// so it is asked for again while the track is shown. A browser without workers or canvas says
// so in its capability report, and the server burns the subtitle into a transcode instead.
'use strict';

import { fetchWhenReady, refreshEvery } from './player_job_files.js';

export const PGS_CODEC = 'hdmv_pgs_subtitle';
export const PGS_REFRESH_MS = 4000;

export function pgsRendererPossible() {
  return typeof Worker === 'function' && typeof HTMLCanvasElement === 'function' &&
    typeof ArrayBuffer === 'function';
}

// The picture-subtitle codecs this browser draws itself, for the capability report.
export function drawnSubtitleCodecs() {
  return pgsRendererPossible() ? [PGS_CODEC] : [];
}

export function isPgsTrack(track) {
  return Boolean(track) && track.codec === PGS_CODEC;
}

// The stream's URL for the conversion at `playlistUrl` when `index` is a PGS track the server
// hands over to be drawn (not burned in); null otherwise.
export function pgsStreamUrl(decision, playlistUrl, index) {
  if (index === null || !decision || !playlistUrl || decision.subtitle_track !== index) return null;
  const reasons = Array.isArray(decision.reasons) ? decision.reasons : [];
  if (reasons.includes('subtitle_burned')) return null;
  const subtitles = Array.isArray(decision.subtitles) ? decision.subtitles : [];
  if (!isPgsTrack(subtitles.find((s) => s.index === index))) return null;
  return new URL('subs.sup', playlistUrl).href;
}

export class PgsSubtitles {
  // assets: the URL of the player's assets folder; video: the <video> it draws over.
  constructor(video, assets) {
    this.video = video;
    this.assets = new URL(`${assets}/`, window.location.href).href;
    this.url = null;
    this.renderer = null;
    this.canvas = null;
    this.resizer = null;
    this.size = -1; // bytes of the stream last handed to the renderer
    this.stopRefresh = () => {};
    this.generation = 0;
    this.marked = false;
  }

  get showing() {
    return this.url !== null;
  }

  // Shows the stream at `url` (null: none). Resolves false when it cannot be drawn here.
  async show(url) {
    if (url === this.url) return true;
    this.hide();
    if (url === null) return true;
    if (!pgsRendererPossible()) return false;
    const generation = this.generation;
    this.url = url;
    try {
      const stream = await this.fetchStream();
      const { PgsRenderer } = await import(`${this.assets}libpgs.js`);
      if (generation !== this.generation) return true;
      this.canvas = this.overlay();
      this.renderer = new PgsRenderer({
        video: this.video,
        canvas: this.canvas,
        workerUrl: `${this.assets}libpgs.worker.js`,
        aspectRatio: 'contain',
      });
      await this.load(stream);
      if (generation !== this.generation) return true;
      this.mark('drawn');
      this.stopRefresh = refreshEvery(PGS_REFRESH_MS, () => generation === this.generation,
        () => this.refresh(generation));
      return true;
    } catch (error) {
      console.warn('PGS subtitles: the renderer did not start', error);
      if (generation !== this.generation) return true;
      this.hide();
      return false;
    }
  }

  hide() {
    this.generation += 1;
    this.stopRefresh();
    this.url = null;
    this.size = -1;
    if (this.renderer) {
      this.renderer.dispose();
      this.renderer = null;
    }
    if (this.resizer) {
      this.resizer.disconnect();
      this.resizer = null;
    }
    if (this.canvas) {
      this.canvas.remove();
      this.canvas = null;
    }
    this.mark(null);
  }

  // A canvas over the video's own box (the stage also holds the controls), following its size.
  overlay() {
    const canvas = document.createElement('canvas');
    canvas.className = 'pgs-canvas';
    canvas.setAttribute('aria-hidden', 'true');
    this.video.insertAdjacentElement('afterend', canvas);
    const fit = () => { canvas.style.height = `${this.video.clientHeight}px`; };
    fit();
    if (typeof ResizeObserver === 'function') {
      this.resizer = new ResizeObserver(fit);
      this.resizer.observe(this.video);
    }
    return canvas;
  }

  async load(stream) {
    this.size = stream.byteLength;
    await this.renderer.loadFromBuffer(stream);
    // Drawn at once, not at the next timeupdate: a paused video shows its subtitle too.
    this.renderer.renderAtTimestamp(this.video.currentTime || 0);
  }

  // The page says how the track is drawn (data-pgs-subtitles="drawn"), for tests and the
  // curious; nothing to unsay when nothing was said.
  mark(state) {
    if (state === null && !this.marked) return;
    const root = document.getElementById('player') || document.documentElement;
    if (state === null) delete root.dataset.pgsSubtitles;
    else root.dataset.pgsSubtitles = state;
    this.marked = state !== null;
  }

  async fetchStream() {
    return (await fetchWhenReady(this.url)).arrayBuffer();
  }

  // The job only ever adds display sets: a stream of the same size is the same stream.
  async refresh(generation) {
    const stream = await this.fetchStream();
    if (generation !== this.generation || !this.renderer || stream.byteLength === this.size) return;
    await this.load(stream);
  }
}
