// The sound and subtitle menus, filled from the server's decision: every audio track
// of the file, and its subtitles (text ones can be switched on; picture ones too where this
// browser draws them (PGS) or the server can burn them into a transcode, otherwise they are
// listed but disabled), then the subtitles sent beside the video (player_sidecar.js). Titles and languages come from the file itself, so
// they are only ever set as text.
'use strict';

import { displayName } from './player_codecs.js';
import { sidecarIndex, sidecarLabel, sidecarValue } from './player_sidecar.js';

function languageName(code) {
  if (!code || code === 'und') return '';
  try {
    const names = new Intl.DisplayNames([navigator.language || 'en'], { type: 'language' });
    return names.of(code) || code;
  } catch (_) {
    return code;
  }
}

function channelsText(channels) {
  if (channels === 1) return 'mono';
  if (channels === 2) return 'stereo';
  if (channels === 6) return '5.1';
  if (channels === 8) return '7.1';
  return channels > 0 ? `${channels} ch` : '';
}

// "English — Director's commentary (AC-3 (Dolby Digital), 5.1)"; "Track 2" when nothing is known.
export function audioLabel(track, position) {
  const name = [languageName(track.language), track.title].filter(Boolean).join(' — ');
  const details = [displayName(track.codec), channelsText(Number(track.channels) || 0)]
    .filter(Boolean).join(', ');
  return `${name || `Track ${position + 1}`}${details ? ` (${details})` : ''}`;
}

// `drawn`: picture subtitles of this codec are drawn by this browser (player_pgs.js).
export function subtitleLabel(track, position, drawn = []) {
  const name = [languageName(track.language), track.title].filter(Boolean).join(' — ');
  const label = name || `Subtitles ${position + 1}`;
  if (track.kind !== 'image') return label;
  return drawn.includes(track.codec) ? `${label} (picture)` : `${label} (picture: burned in on the server)`;
}

// Picture subtitles can be picked where this browser draws them, or where the server can burn
// them into a transcode.
function pickable(track, decision, drawn) {
  if (track.kind !== 'image' || drawn.includes(track.codec)) return true;
  const reasons = Array.isArray(decision.reasons) ? decision.reasons : [];
  return reasons.includes('subtitles_burnable') || reasons.includes('subtitle_burned');
}

function option(value, text, disabled = false) {
  const element = document.createElement('option');
  element.value = value;
  element.textContent = text;
  element.disabled = disabled;
  return element;
}

// Wires the menus to `session` (player_session.js). update(decision) refills them.
export class TrackMenus {
  constructor(session) {
    this.session = session;
    this.panel = document.getElementById('tracks');
    this.toggle = document.getElementById('tracks-button');
    this.audioChoice = document.getElementById('audio-choice');
    this.audioSelect = document.getElementById('audio-track');
    this.subtitleChoice = document.getElementById('subtitle-choice');
    this.subtitleSelect = document.getElementById('subtitle-track');
    this.audioSelect.addEventListener('change', () => this.onAudio());
    this.subtitleSelect.addEventListener('change', () => this.onSubtitle());
    this.toggle.addEventListener('click', () => this.setOpen(this.panel.hidden));
    this.shown = false;
  }

  setOpen(open) {
    this.panel.hidden = !open;
    this.toggle.setAttribute('aria-expanded', String(open));
  }

  update(decision) {
    const audio = Array.isArray(decision.audio) ? decision.audio : [];
    const subtitles = Array.isArray(decision.subtitles) ? decision.subtitles : [];
    this.audioSelect.replaceChildren(...audio.map((track, i) => option(String(track.index), audioLabel(track, i))));
    const chosenAudio = Number.isInteger(decision.audio_track) ? decision.audio_track
      : this.session.choice.audio_track;
    const current = audio.find((t) => t.index === chosenAudio) || audio.find((t) => t.default) || audio[0];
    if (current) this.audioSelect.value = String(current.index);
    this.audioChoice.hidden = audio.length < 2;

    const caps = this.session.capabilities;
    const drawn = caps && Array.isArray(caps.drawn_subtitles) ? caps.drawn_subtitles : [];
    const sidecars = Array.isArray(decision.sidecars) ? decision.sidecars : [];
    this.subtitleSelect.replaceChildren(option('', 'Off'),
      ...subtitles.map((track, i) => option(String(track.index), subtitleLabel(track, i, drawn),
        !pickable(track, decision, drawn))),
      ...sidecars.map((track, i) => option(sidecarValue(i), sidecarLabel(track, i))));
    const chosenSubtitle = this.session.choice.subtitle_track;  // "Off" may hide a carried one
    const chosenSidecar = this.session.choice.sidecar;
    if (chosenSidecar !== null && chosenSidecar !== undefined) this.subtitleSelect.value = sidecarValue(chosenSidecar);
    else this.subtitleSelect.value = chosenSubtitle === null ? '' : String(chosenSubtitle);
    this.subtitleChoice.hidden = subtitles.length === 0 && sidecars.length === 0;

    const any = !this.audioChoice.hidden || !this.subtitleChoice.hidden;
    this.toggle.hidden = !any;
    // Open the first time there is a choice, so it is seen; the button folds it away.
    if (!any) this.setOpen(false);
    else if (!this.shown) this.setOpen(true);
    this.shown = this.shown || any;
  }

  onAudio() {
    this.session.chooseAudio(Number(this.audioSelect.value)).catch(() => this.session.failed('failed'));
  }

  onSubtitle() {
    const value = this.subtitleSelect.value;
    const sidecar = sidecarIndex(value);
    const chosen = sidecar !== null ? this.session.chooseSidecar(sidecar)
      : this.session.chooseSubtitle(value === '' ? null : Number(value));
    chosen.catch(() => this.session.failed('failed'));
  }
}
