// The built-in player page. The server renders everything the page needs into the HTML and
// passes the stream URL in a data attribute; this script adds the controls, the keyboard
// shortcuts and the explanations, and hands the choice of how to play the file (direct, remuxed
// or converted HLS) to player_session.js. No inline script, no eval: the page's
// Content-Security-Policy allows scripts from this server only.
'use strict';

import { noticeFor } from './player_notices.js';
import { loadPosition, offeredPosition, rememberPositions, resumeKey } from './player_resume.js';
import { PlaybackSession } from './player_session.js';
import { TrackMenus } from './player_tracks.js';

(() => {
  const root = document.getElementById('player');
  if (!root) return;

  const streamUrl = root.dataset.stream;
  const video = document.getElementById('video');
  const controls = document.getElementById('controls');
  const playButton = document.getElementById('play');
  const muteButton = document.getElementById('mute');
  const fullscreenButton = document.getElementById('fullscreen');
  const seek = document.getElementById('seek');
  const timeCurrent = document.getElementById('time-current');
  const timeTotal = document.getElementById('time-total');
  const notice = document.getElementById('notice');
  const copyButton = document.getElementById('copy');
  const linkField = document.getElementById('link');
  const title = document.getElementById('title');
  const playbackNotice = document.getElementById('playback-notice');
  const resumeButton = document.getElementById('resume');

  const SEEK_STEP_SECONDS = 5;
  const VOLUME_STEP = 0.1;
  const SEEK_STEPS = Number(seek.max);

  const MESSAGES = {
    expired: 'This link has expired. Send the file to the bot again to get a new link.',
    'not-found': 'This file is no longer available: the link is not valid, or the file was deleted.',
    unsupported:
      'Your browser cannot play this video format. Download it, or open it in VLC or MX Player.',
    busy: 'The server cannot reach the file right now. Try again in a minute.',
    failed: 'The video could not be loaded. Try again, or download the file.',
    'no-segments': 'The server sent the playlist but no part of the video, even after loading it ' +
      'again. Try again in a minute, or download the file.',
    'no-picture': 'The video arrived, but this browser showed no picture, even after loading it ' +
      'again. Try another browser, or download the file and open it in VLC, MX Player or mpv.',
    'stream-failed': 'The converted video kept failing in this browser, even after loading it again. ' +
      'Try again, or download the file and open it in VLC, MX Player or mpv.',
  };

  const ASS_PLAIN = 'This browser cannot draw these subtitles as authored: they are shown as ' +
    'plain text, without their positions, fonts, signs and karaoke.';

  function formatTime(seconds) {
    if (!Number.isFinite(seconds) || seconds < 0) return '0:00';
    const whole = Math.floor(seconds);
    const h = Math.floor(whole / 3600);
    const m = Math.floor((whole % 3600) / 60);
    const s = String(whole % 60).padStart(2, '0');
    return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
  }

  function showNotice(kind) {
    notice.textContent = MESSAGES[kind];
    notice.hidden = false;
    root.dataset.state = kind;
    root.classList.toggle('is-unplayable', kind === 'unsupported');
  }

  // The server's answer: the banner says what it does to the file, in words (never markup).
  function showDecision(decision, menus) {
    const waiting = Number(decision.queue_position) > 0;
    root.dataset.method = String(decision.method || '');
    root.dataset.reasons = (Array.isArray(decision.reasons) ? decision.reasons : []).join(' ');
    root.dataset.state = waiting ? 'waiting' : (decision.method === 'unplayable' ? 'unsupported' : 'ready');
    root.classList.toggle('is-unplayable', decision.method === 'unplayable');
    root.classList.toggle('is-waiting', waiting);
    notice.hidden = true;
    const text = noticeFor(decision);
    playbackNotice.textContent = text;
    playbackNotice.hidden = text === '';
    menus.update(decision);
  }

  let session = null; // player_session.js, once started

  // "Playing" includes a play asked for before the stream is attached.
  function updatePlayState() {
    const playing = session ? session.playing() : !video.paused;
    root.classList.toggle('is-playing', playing);
    playButton.setAttribute('aria-label', playing ? 'Pause (space)' : 'Play (space)');
  }

  function updateMuteState() {
    root.classList.toggle('is-muted', video.muted || video.volume === 0);
  }

  let dragging = false;
  function updateTime() {
    timeCurrent.textContent = formatTime(video.currentTime);
    timeTotal.textContent = formatTime(video.duration);
    if (!dragging && video.duration > 0) {
      seek.value = String(Math.round((video.currentTime / video.duration) * SEEK_STEPS));
    }
  }

  function seekTo(seconds) {
    if (!(video.duration > 0)) return;
    video.currentTime = Math.min(Math.max(seconds, 0), video.duration);
    updateTime();
  }

  function togglePlay() {
    if (session && !session.ready) {
      // Before the stream is attached, the session keeps the press (or takes it back); the
      // element may still play what it had (the page's /stream, before the answer).
      if (!video.paused) {
        video.pause();
        session.wantsPlay = false;
      } else {
        session.wantsPlay = !session.wantsPlay;
      }
      updatePlayState();
    } else if (video.paused || video.ended) {
      // play() is refused until the user has interacted with the page; the button stays "Play".
      (session ? session.play() : video.play()).catch(() => updatePlayState());
    } else {
      video.pause();
    }
  }

  function toggleMute() {
    video.muted = !video.muted;
  }

  // A phone held upright turns the picture sideways in full screen, where the browser lets a
  // page lock the orientation (Android Chrome; not iOS or desktops, which refuse quietly).
  function lockLandscape() {
    const orientation = window.screen && window.screen.orientation;
    if (!orientation || !orientation.lock || !(video.videoWidth > video.videoHeight)) return;
    orientation.lock('landscape').catch(() => {});
  }

  function toggleFullscreen() {
    const stage = document.getElementById('stage');
    if (document.fullscreenElement) {
      document.exitFullscreen().catch(() => {});
    } else if (stage.requestFullscreen) {
      stage.requestFullscreen().then(lockLandscape, () => {});
    } else if (video.webkitEnterFullscreen) {
      video.webkitEnterFullscreen(); // iPhone Safari: only the video element can go full screen
    }
  }

  function changeVolume(delta) {
    video.muted = false;
    video.volume = Math.min(Math.max(video.volume + delta, 0), 1);
  }

  const KEY_ACTIONS = {
    ' ': togglePlay,
    k: togglePlay,
    f: toggleFullscreen,
    m: toggleMute,
    ArrowLeft: () => seekTo(video.currentTime - SEEK_STEP_SECONDS),
    ArrowRight: () => seekTo(video.currentTime + SEEK_STEP_SECONDS),
    ArrowUp: () => changeVolume(VOLUME_STEP),
    ArrowDown: () => changeVolume(-VOLUME_STEP),
    Home: () => seekTo(0),
    End: () => seekTo(video.duration),
  };

  function onKey(event) {
    if (event.ctrlKey || event.altKey || event.metaKey) return;
    if (event.target === linkField) return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    if (key >= '0' && key <= '9') {
      seekTo((video.duration * Number(key)) / 10);
    } else if (KEY_ACTIONS[key]) {
      KEY_ACTIONS[key]();
    } else {
      return;
    }
    event.preventDefault();
  }

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(streamUrl);
    } catch (_) {
      // No clipboard API outside https: select the text so the user can copy it by hand too.
      linkField.focus();
      linkField.select();
      document.execCommand('copy');
    }
    copyButton.textContent = 'Copied';
    setTimeout(() => { copyButton.textContent = 'Copy link'; }, 2000);
  }

  // Links made without a /{name} segment: the title comes from the stream's headers, if any.
  async function loadTitleFromHeaders() {
    try {
      const response = await fetch(streamUrl, { method: 'HEAD', cache: 'no-store' });
      const name = fileNameFromDisposition(response.headers.get('Content-Disposition') || '');
      if (name) {
        title.textContent = name;
        document.title = name;
      }
    } catch (_) {
      // Keep the generic title.
    }
  }

  function fileNameFromDisposition(header) {
    const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
    if (extended) {
      try {
        return decodeURIComponent(extended[1].trim());
      } catch (_) {
        // Fall through to the plain parameter.
      }
    }
    const plain = /filename\s*=\s*"([^"]*)"/i.exec(header);
    return plain ? plain[1] : '';
  }

  // "Go on from 12:34" when this browser saw the file played that far before.
  function offerResume(key) {
    const position = offeredPosition(loadPosition(key), NaN);
    if (position <= 0) return;
    resumeButton.textContent = `Go on from ${formatTime(position)}`;
    resumeButton.hidden = false;
    const hide = () => { resumeButton.hidden = true; };
    resumeButton.addEventListener('click', () => {
      hide();
      const go = () => seekTo(position);
      if (video.readyState >= 1) go();
      else video.addEventListener('loadedmetadata', go, { once: true });
      if (!(session ? session.playing() : !video.paused)) togglePlay();
    }, { once: true });
    // Playing on past the offer (or from elsewhere) makes it moot.
    video.addEventListener('timeupdate', () => {
      if (video.currentTime > position + 5) hide();
    });
  }

  function start() {
    // Custom controls replace the browser's own once this script runs; without it the native
    // ones stay, so the page still plays.
    video.controls = false;
    controls.hidden = false;

    video.addEventListener('play', updatePlayState);
    video.addEventListener('pause', updatePlayState);
    video.addEventListener('ended', updatePlayState);
    video.addEventListener('volumechange', updateMuteState);
    video.addEventListener('timeupdate', updateTime);
    video.addEventListener('durationchange', updateTime);
    video.addEventListener('loadedmetadata', updateTime);
    video.addEventListener('click', togglePlay);
    playButton.addEventListener('click', togglePlay);
    muteButton.addEventListener('click', toggleMute);
    fullscreenButton.addEventListener('click', toggleFullscreen);
    copyButton.addEventListener('click', () => { copyLink().catch(() => {}); });
    seek.addEventListener('input', () => {
      dragging = true;
      seekTo((video.duration * Number(seek.value)) / SEEK_STEPS);
    });
    seek.addEventListener('change', () => { dragging = false; });
    document.addEventListener('keydown', onKey);

    let menus = null;
    session = new PlaybackSession({
      video,
      streamUrl,
      playbackUrl: root.dataset.playback,
      assets: root.dataset.assets,
      onDecision: (decision) => showDecision(decision, menus),
      onProblem: showNotice,
      onAssPlain: () => {
        playbackNotice.textContent = [playbackNotice.textContent, ASS_PLAIN].filter(Boolean).join(' ');
        playbackNotice.hidden = false;
      },
    });
    menus = new TrackMenus(session);
    session.start().catch(() => showNotice('failed'));
    const key = resumeKey(streamUrl, window.location.href);
    offerResume(key);
    rememberPositions(video, key);

    if (root.dataset.named !== '1') loadTitleFromHeaders().catch(() => {});
    updatePlayState();
    updateMuteState();
    updateTime();
  }

  start();
})();
