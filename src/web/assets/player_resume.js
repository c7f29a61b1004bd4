// Where the viewer stopped, per file, in this browser (localStorage): the page offers to go on
// from there. Positions near the start or the end are not worth offering; the oldest entries
// go once there are too many. Storage may be missing or full (private windows): then nothing
// is remembered and nothing breaks.
'use strict';

const PREFIX = 'tglink.resume.';
export const MIN_SECONDS = 10; // earlier than this, starting over costs nothing
export const END_MARGIN_SECONDS = 15; // later than duration minus this, the film is over
export const MAX_ENTRIES = 200;
const SAVE_EVERY_SECONDS = 5;

// The file's key: the stream link's token (the path part after "stream"), the link read
// relative to `base` (the page's address).
export function resumeKey(streamUrl, base) {
  try {
    const parts = new URL(streamUrl, base).pathname.split('/').filter(Boolean);
    const at = parts.indexOf('stream');
    return at >= 0 && parts[at + 1] ? PREFIX + parts[at + 1] : '';
  } catch (_) {
    return '';
  }
}

// The position worth offering for a saved {time, duration}, or 0.
export function offeredPosition(saved, duration) {
  if (!saved || !Number.isFinite(saved.time)) return 0;
  const length = Number.isFinite(duration) && duration > 0 ? duration : saved.duration;
  if (saved.time < MIN_SECONDS) return 0;
  if (Number.isFinite(length) && length > 0 && saved.time > length - END_MARGIN_SECONDS) return 0;
  return saved.time;
}

// What to keep for a position: null when it is not worth offering later (forget it).
export function entryFor(time, duration, now) {
  const entry = { time: Math.floor(time), duration: Number.isFinite(duration) ? Math.round(duration) : 0, at: now };
  return offeredPosition(entry, duration) > 0 ? entry : null;
}

// The keys to drop so that at most MAX_ENTRIES remain, oldest first. `entries`: [key, {at}].
export function keysToDrop(entries, max = MAX_ENTRIES) {
  if (entries.length <= max) return [];
  return entries.slice().sort((a, b) => (a[1].at || 0) - (b[1].at || 0))
    .slice(0, entries.length - max).map(([key]) => key);
}

function storage() {
  try {
    return window.localStorage || null;
  } catch (_) {
    return null; // denied (e.g. cookies blocked)
  }
}

export function loadPosition(key) {
  const store = storage();
  if (!store || !key) return null;
  try {
    const saved = JSON.parse(store.getItem(key) || 'null');
    return saved && typeof saved === 'object' ? saved : null;
  } catch (_) {
    return null;
  }
}

function prune(store) {
  const entries = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (!key || !key.startsWith(PREFIX)) continue;
    try {
      entries.push([key, JSON.parse(store.getItem(key)) || {}]);
    } catch (_) {
      entries.push([key, {}]);
    }
  }
  for (const key of keysToDrop(entries)) store.removeItem(key);
}

export function savePosition(key, time, duration) {
  const store = storage();
  if (!store || !key) return;
  const entry = entryFor(time, duration, Date.now());
  try {
    if (entry) {
      store.setItem(key, JSON.stringify(entry));
      prune(store);
    } else if (time >= MIN_SECONDS) {
      store.removeItem(key); // watched to the end: nothing to go on with
    }
  } catch (_) {
    // Full or denied: the position is simply not remembered.
  }
}

// Saves the element's position every few seconds of playing, on pause, and when the page
// goes away; forgets it at the end.
export function rememberPositions(video, key, signal = undefined) {
  let savedAt = -Infinity;
  const save = () => {
    savedAt = video.currentTime;
    savePosition(key, video.currentTime, video.duration);
  };
  video.addEventListener('timeupdate', () => {
    if (Math.abs(video.currentTime - savedAt) >= SAVE_EVERY_SECONDS) save();
  }, { signal });
  video.addEventListener('pause', save, { signal });
  video.addEventListener('ended', () => savePosition(key, video.duration, video.duration), { signal });
  window.addEventListener('pagehide', save, { signal });
}
