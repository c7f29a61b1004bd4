// ASS/SSA subtitles drawn as authored: positions, styles, signs and karaoke, by libass in
// WebAssembly (JASSUB, served by this server with its worker, its wasm and its default font, and
// loaded only when such a subtitle is chosen). The script comes from the conversion job
// (subs.ass beside the stream's playlists) and grows as the job reads the file, so it is asked
// for again while the track is shown. When the renderer cannot start here, the caller falls back
// to the stream's WebVTT copy of the same track, which loses the styling. The fonts attached to
// the file come from the same job (font-{k}); the bundled default font covers the rest.
'use strict';

import { fetchWhenReady, refreshEvery } from './player_job_files.js';

export const REFRESH_MS = 4000;
const FALLBACK_FONT = 'liberation sans';

export function isAssTrack(track) {
  return Boolean(track) && (track.codec === 'ass' || track.codec === 'ssa');
}

// The script's URL for the stream at `playlistUrl` when `index` is an ASS track of `decision`;
// null otherwise.
export function assScriptUrl(decision, playlistUrl, index) {
  if (index === null || !decision || !playlistUrl) return null;
  const subtitles = Array.isArray(decision.subtitles) ? decision.subtitles : [];
  if (decision.subtitle_track !== index) return null;
  if (!isAssTrack(subtitles.find((s) => s.index === index))) return null;
  return new URL('subs.ass', playlistUrl).href;
}

// The fonts attached to the file, served beside the script (font-0, font-1, ...) by the stream
// at `playlistUrl`: every one is handed to libass, which picks by the family names inside.
export function attachedFontUrls(decision, playlistUrl) {
  const count = decision && Number.isInteger(decision.fonts) ? Math.min(decision.fonts, 16) : 0;
  return Array.from({ length: count }, (_, k) => new URL(`font-${k}`, playlistUrl).href);
}

// A font is written once, by the job's first run: one still missing after the script is there
// may never come (that run was stopped while writing it).
const FONT_TRIES = 5;

// The attached fonts' bytes, fetched here (not by the renderer's worker) so that a font the job
// has not written yet is waited for; one that cannot be had is left to the default font.
async function attachedFonts(urls) {
  const fonts = await Promise.all(urls.map((url) => fetchWhenReady(url, FONT_TRIES)
    .then((response) => response.arrayBuffer())
    .then((buffer) => new Uint8Array(buffer), () => null)));
  return fonts.filter(Boolean);
}

export function assRendererPossible() {
  return typeof WebAssembly === 'object' && typeof Worker === 'function';
}

export class AssSubtitles {
  // assets: the URL of the player's assets folder; video: the <video> it draws over.
  constructor(video, assets) {
    this.video = video;
    this.assets = new URL(`${assets}/`, window.location.href).href;
    this.url = null;
    this.renderer = null;
    this.script = '';
    this.stopRefresh = () => {};
    this.generation = 0;
    this.marked = false;
    this.fonts = []; // sizes of the attached fonts handed to the renderer
  }

  get showing() {
    return this.url !== null;
  }

  // Shows the script at `url` (null: none) with the fonts at `fonts` (URLs). Resolves false when
  // it cannot be drawn here.
  async show(url, fonts = []) {
    if (url === this.url) return true;
    this.hide();
    if (url === null) return true;
    if (!assRendererPossible()) return false;
    const generation = this.generation;
    this.url = url;
    try {
      const script = await this.fetchScript();
      const fontData = await attachedFonts(fonts);
      const { default: JASSUB } = await import(`${this.assets}jassub.es.js`);
      if (generation !== this.generation) return true;
      this.renderer = new JASSUB({
        video: this.video,
        subContent: script,
        workerUrl: `${this.assets}jassub-worker.js`,
        wasmUrl: `${this.assets}jassub-worker.wasm`,
        fonts: fontData,
        availableFonts: { [FALLBACK_FONT]: `${this.assets}default.woff2` },
        fallbackFont: FALLBACK_FONT,
        useLocalFonts: false,
      });
      this.script = script;
      this.fonts = fontData.map((font) => font.byteLength);
      this.mark('drawn');
      this.stopRefresh = refreshEvery(REFRESH_MS, () => generation === this.generation,
        () => this.refresh(generation));
      return true;
    } catch (error) {
      console.warn('ASS subtitles: the renderer did not start', error);
      if (generation !== this.generation) return true;
      this.hide();
      this.mark('plain');
      return false;
    }
  }

  hide() {
    this.generation += 1;
    this.stopRefresh();
    this.url = null;
    this.script = '';
    if (this.renderer) {
      this.renderer.destroy();
      this.renderer = null;
    }
    this.mark(null);
  }

  // The page says how the track is drawn (data-ass-subtitles: "drawn", "plain"; data-ass-fonts:
  // the byte sizes of the attached fonts handed over), for tests and the curious; nothing to
  // unsay when nothing was said.
  mark(state) {
    if (state === null && !this.marked) return;
    const root = document.getElementById('player') || document.documentElement;
    if (state === null) {
      delete root.dataset.assSubtitles;
      delete root.dataset.assFonts;
    } else {
      root.dataset.assSubtitles = state;
      if (state === 'drawn') root.dataset.assFonts = this.fonts.join(' ');
    }
    this.marked = state !== null;
  }

  async fetchScript() {
    return (await fetchWhenReady(this.url)).text();
  }

  async refresh(generation) {
    const script = await this.fetchScript();
    if (generation !== this.generation || !this.renderer || script === this.script) return;
    this.script = script;
    this.renderer.setTrack(script);
  }
}
