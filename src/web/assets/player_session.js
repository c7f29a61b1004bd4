// One video's playback: asks the server how to play it (POST /api/playback/{id} with the
// browser's capabilities), then attaches the answer to the <video>: direct play
// (player_direct.js), the server's HLS stream (player_hls.js), or nothing with an explanation.
// It asks again, at the current time, when:
//   - a direct play turns out to lack picture or sound (direct play is then ruled out);
//   - the viewer picks another sound track, or a subtitle the current stream does not carry;
//   - a converter queue position is shown (every few seconds, until a slot is free);
//   - the HLS stream fails for good (e.g. the server's converter job was stopped mid-play).
// A stream that arrives but shows nothing is reloaded once, then the page says so.
// A server without the playback API (older tglink) gets plain direct play.
//
// A play asked for while there is no attachment ready (before the first answer, while waiting
// for a converter, while hls.js loads) is kept and carried out once there is one; a direct
// answer for the source the element already has keeps it, playing or not.
'use strict';

import { AssSubtitles, assScriptUrl, attachedFontUrls } from './player_ass.js';
import { browserCapabilities } from './player_capabilities.js';
import { DirectAttachment } from './player_direct.js';
import { HlsAttachment } from './player_hls.js';
import { PgsSubtitles, pgsStreamUrl } from './player_pgs.js';
import { SidecarSubtitles } from './player_sidecar.js';
import { METHOD, isConversion } from './player_vocabulary.js';

const QUEUE_POLL_MS = 4000;
const MAX_RECOVERIES = 3; // HLS failures answered by asking again, per video and choice
const MAX_RELOADS = 1; // stalled streams reloaded, per answer

// Outcomes of a request that are about the link, not the format: the page says so and stops.
export function linkProblem(status) {
  if (status === 410) return 'expired';
  if (status === 404) return 'not-found';
  if (status === 429 || status === 503) return 'busy';
  return 'failed';
}

// The capability report without a codec a direct play showed the browser lacks (`failed`:
// "video", "audio" or "" for an error), so a remux that copies it is not tried either.
export function withoutFailedCodec(capabilities, decision, failed) {
  const caps = { ...capabilities };
  if (failed === 'video' && decision.video && decision.video.codec) {
    caps.video = caps.video.filter((codec) => codec !== decision.video.codec);
  }
  if (failed === 'audio') {
    const audio = Array.isArray(decision.audio) ? decision.audio : [];
    const playing = audio.find((track) => track.index === decision.audio_track) || audio[0];
    if (playing && playing.codec) {
      caps.audio = caps.audio.filter((codec) => codec !== playing.codec);
      caps.hls_audio = caps.hls_audio.filter((codec) => codec !== playing.codec);
    }
  }
  return caps;
}

// The request body for an answer starting at `start` seconds.
export function requestBody(capabilities, choice, start) {
  const body = { ...capabilities, exclude_direct: choice.exclude_direct, start };
  if (choice.audio_track !== null) body.audio_track = choice.audio_track;
  if (choice.subtitle_track !== null) body.subtitle_track = choice.subtitle_track;
  return body;
}

// Which of the stream's tracks ({lang, name}) is decision.subtitles[index]: the renditions follow
// the file's text subtitles in order when all are there; otherwise the one named alike; -1 if
// none. `requested` is the subtitle the stream was asked for.
export function streamTrackFor(decision, tracks, index, requested) {
  if (index === null || !decision) return -1;
  const subtitles = Array.isArray(decision.subtitles) ? decision.subtitles : [];
  const texts = subtitles.filter((s) => s.kind !== 'image');
  const wanted = subtitles.find((s) => s.index === index);
  if (!wanted || tracks.length === 0) return -1;
  if (tracks.length === texts.length) return texts.indexOf(wanted);
  const alike = tracks.findIndex((t) => t.lang === (wanted.language || '') &&
    (t.name === (wanted.title || '') || !wanted.title));
  if (alike >= 0) return alike;
  return tracks.length === 1 && requested === index ? 0 : -1;
}

// The decision's stream has its subtitle burned into the picture (PGS/VobSub).
export function burnsSubtitle(decision) {
  return Boolean(decision) && Array.isArray(decision.reasons) &&
    decision.reasons.includes('subtitle_burned');
}

export class PlaybackSession {
  // options: {video, streamUrl, playbackUrl, assets, onDecision(decision), onProblem(kind),
  //           onSubtitleTracks(), onAssPlain()}
  constructor(options) {
    this.video = options.video;
    this.streamUrl = options.streamUrl;
    this.playbackUrl = options.playbackUrl;
    this.assets = options.assets;
    this.onDecision = options.onDecision;
    this.onProblem = options.onProblem;
    this.onSubtitleTracks = options.onSubtitleTracks || (() => {});
    this.onAssPlain = options.onAssPlain || (() => {});
    this.assSubtitles = new AssSubtitles(this.video, this.assets);
    this.pgsSubtitles = new PgsSubtitles(this.video, this.assets);
    this.sidecarSubtitles = new SidecarSubtitles(this.video, this.assets);
    this.capabilities = null;
    this.decision = null;
    this.attachment = null; // the current DirectAttachment or HlsAttachment
    this.ready = false; // the attachment has its media: play() goes straight to the element
    this.wantsPlay = false;
    // sidecar: the subtitle sent beside the video that is shown (an index into decision.sidecars)
    this.choice = { audio_track: null, subtitle_track: null, exclude_direct: false, sidecar: null };
    this.recoveries = 0;
    this.reloads = 0;
    this.pollTimer = 0;
    this.asking = 0; // numbers the requests; an answer to an older one is dropped
    this.legacy = false; // no playback API on this server: plain direct play
    this.requestedSubtitle = null;
    this.early = new AbortController(); // listeners until the first attachment
    this.noticeEarlyPlay();
  }

  // The page's <video> has its /stream source and native controls until the page's script
  // runs: a play through it (the native button, a key, another script) is kept.
  noticeEarlyPlay() {
    const signal = this.early.signal;
    if (!this.video.paused) this.wantsPlay = true;
    this.video.addEventListener('play', () => { this.wantsPlay = true; }, { signal });
    this.video.addEventListener('pause', () => { this.wantsPlay = false; }, { signal });
  }

  async start() {
    this.capabilities = await browserCapabilities();
    await this.ask(0);
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
    this.choice.sidecar = null;
    this.sidecarSubtitles.hide();
    this.choice.subtitle_track = index;
    this.recoveries = 0;
    // A burned-in subtitle goes only with a new stream, as does any other once one is burned.
    if (!burnsSubtitle(this.decision) && (this.showSubtitleInStream(index) || index === null)) return;
    await this.askAgain();
  }

  // The viewer picked a subtitle sent beside the video (an index into decision.sidecars): shown
  // over whatever stream plays, in place of the file's own subtitle, which is switched off.
  async chooseSidecar(index) {
    if (this.choice.subtitle_track !== null) await this.chooseSubtitle(null);
    const sidecars = this.decision && Array.isArray(this.decision.sidecars) ? this.decision.sidecars : [];
    this.choice.sidecar = index;
    await this.sidecarSubtitles.show(sidecars[index] || null, index);
  }

  // The Play button: now, or as soon as an attachment is ready.
  play() {
    if (!this.ready) {
      this.wantsPlay = true;
      return Promise.resolve();
    }
    return this.video.play();
  }

  currentTime() {
    return this.video.currentTime || 0;
  }

  playing() {
    return this.ready ? !this.video.paused : this.wantsPlay;
  }

  askAgain() {
    this.wantsPlay = this.playing();
    return this.ask(this.currentTime());
  }

  async ask(start) {
    clearTimeout(this.pollTimer);
    const asking = ++this.asking;
    this.requestedSubtitle = this.choice.subtitle_track;
    let response;
    try {
      response = await fetch(this.playbackUrl, {
        method: 'POST',
        cache: 'no-store',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(requestBody(this.capabilities, this.choice, start)),
      });
    } catch (_) {
      if (asking === this.asking) this.failed('failed');
      return;
    }
    if (asking !== this.asking) return;
    if (response.status === 200) {
      let decision;
      try {
        decision = await response.json();
      } catch (_) {
        this.failed('failed');
        return;
      }
      if (asking === this.asking) this.apply(decision, start);
      return;
    }
    await this.explainRefusal(response.status);
  }

  // A 404 is either the link (the file is gone) or a server without this API: /stream tells.
  async explainRefusal(status) {
    if (status !== 404 && status !== 405) {
      this.failed(linkProblem(status));
      return;
    }
    const streamStatus = await this.streamStatus();
    if (streamStatus >= 200 && streamStatus < 300) {
      this.legacy = true;
      this.attach(new DirectAttachment(this, { method: METHOD.direct, reasons: [], audio: [], subtitles: [],
        video: null }, 0));
    } else {
      this.failed(linkProblem(streamStatus));
    }
  }

  async streamStatus() {
    try {
      return (await fetch(this.streamUrl, { method: 'HEAD', cache: 'no-store' })).status;
    } catch (_) {
      return 0;
    }
  }

  linkProblem(status) {
    this.failed(linkProblem(status));
  }

  apply(decision, start) {
    this.decision = decision;
    this.reloads = 0;
    this.onDecision(decision);
    if (Number(decision.queue_position) > 0) {
      this.detach();
      this.pollTimer = setTimeout(() => { this.ask(start).catch(() => this.failed('failed')); }, QUEUE_POLL_MS);
      return;
    }
    if (decision.method === METHOD.direct) this.attach(new DirectAttachment(this, decision, start));
    else if (isConversion(decision.method) && decision.url) this.attach(new HlsAttachment(this, decision, start));
    else this.stop();
  }

  // Replaces the attachment; a play wished for carries over.
  attach(attachment) {
    this.detach();
    this.early.abort();
    this.attachment = attachment;
    attachment.attach().catch(() => {
      if (this.attachment === attachment) this.failed('failed');
    });
  }

  detach() {
    if (this.attachment) {
      if (this.ready) this.wantsPlay = !this.video.paused;
      this.attachment.detach();
      this.attachment = null;
    }
    this.assSubtitles.hide();
    this.pgsSubtitles.hide();
    this.ready = false;
  }

  // Nothing to play (the answer is "unplayable"): no sound left running without its picture.
  stop() {
    this.detach();
    this.early.abort();
    this.wantsPlay = false;
    this.video.pause();
    this.video.removeAttribute('src');
    this.video.load();
  }

  failed(kind) {
    this.detach();
    this.onProblem(kind);
  }

  // --- called by the attachments ---

  // The attachment has its media: play when it was playing or Play was pressed meanwhile.
  attached(attachment) {
    if (attachment !== this.attachment) return;
    this.ready = true;
    if (this.wantsPlay && this.video.paused) {
      this.video.play().catch(() => {
        // Refused (no user gesture yet) or interrupted: the Play button stays "Play".
      });
    }
  }

  // A direct play without the picture or sound the file has: ask again without direct play.
  ruleOutDirect(attachment, failed) {
    if (attachment !== this.attachment) return;
    if (this.legacy || this.choice.exclude_direct) {
      if (failed === '') this.failed('unsupported');
      return;
    }
    this.choice.exclude_direct = true;
    this.capabilities = withoutFailedCodec(this.capabilities, attachment.decision, failed);
    this.askAgain().catch(() => this.failed('failed'));
  }

  // The stream came and nothing showed: reload it once from where it was, then say so.
  stalled(attachment, what) {
    if (attachment !== this.attachment) return;
    if (this.reloads >= MAX_RELOADS) {
      this.failed(what === 'segments' ? 'no-segments' : 'no-picture');
      return;
    }
    this.reloads += 1;
    const start = Math.max(this.currentTime(), attachment.start);
    this.wantsPlay = this.playing();
    this.attach(new HlsAttachment(this, attachment.decision, start));
  }

  hlsFailed(attachment, Hls, data) {
    if (attachment !== this.attachment) return;
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR && this.recoveries === 0) {
      this.recoveries += 1;
      attachment.recoverMediaError();
      return;
    }
    if (this.recoveries >= MAX_RECOVERIES) {
      this.failed('stream-failed');
      return;
    }
    this.recoveries += 1;
    this.askAgain().catch(() => this.failed('failed'));
  }

  subtitleTracksChanged(attachment) {
    if (attachment !== this.attachment) return;
    this.showSubtitleInStream(this.choice.subtitle_track);
    this.onSubtitleTracks();
  }

  // Shows subtitle `index` (or none) from the current stream; false when it does not carry it.
  showSubtitleInStream(index) {
    const attachment = this.attachment;
    if (!(attachment instanceof HlsAttachment)) return index === null;
    const pictures = pgsStreamUrl(this.decision, attachment.url(), index);
    this.showPgs(attachment, pictures);
    if (pictures) {
      attachment.showSubtitle(-1);
      this.assSubtitles.hide();
      return true;
    }
    const position = streamTrackFor(this.decision, attachment.subtitleTracks(), index, this.requestedSubtitle);
    if (index !== null && position < 0) return false;
    const script = assScriptUrl(this.decision, attachment.url(), index);
    attachment.showSubtitle(script ? -1 : position);
    this.showAss(attachment, script, position);
    return true;
  }

  // A PGS track is drawn from its stream; where that cannot run after all, the server is asked
  // again without the renderer, and burns the subtitle in where it can.
  showPgs(attachment, url) {
    this.pgsSubtitles.show(url).then((drawn) => {
      if (drawn || attachment !== this.attachment) return;
      this.capabilities = { ...this.capabilities, drawn_subtitles: [] };
      this.askAgain().catch(() => this.failed('failed'));
    });
  }

  // An ASS track is drawn from its script; where that cannot run, the stream's WebVTT copy of
  // it is shown instead and the page says the styling is lost.
  showAss(attachment, script, position) {
    const fonts = script ? attachedFontUrls(this.decision, attachment.url()) : [];
    this.assSubtitles.show(script, fonts).then((drawn) => {
      if (drawn || attachment !== this.attachment) return;
      attachment.showSubtitle(position);
      this.onAssPlain();
    });
  }
}
