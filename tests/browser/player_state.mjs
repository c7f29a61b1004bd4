// What the built-in player page shows at a moment, read inside the page: the decision and state
// on #player, the media element's time, size, decoded frames and error, and the two notices'
// texts. The playback and sequence scripts check it and print it when a wait fails. Works on a
// playwright-core page and a puppeteer-core one alike (both have page.evaluate).
export function playerState(page) {
  return page.evaluate(() => {
    const video = document.getElementById('video');
    const root = document.getElementById('player');
    const quality = video.getVideoPlaybackQuality ? video.getVideoPlaybackQuality() : null;
    const notice = document.getElementById('playback-notice');
    const problem = document.getElementById('notice');
    return {
      method: root.dataset.method || '',
      reasons: root.dataset.reasons || '',
      state: root.dataset.state || '',
      time: video.currentTime,
      duration: video.duration,
      paused: video.paused,
      width: video.videoWidth,
      frames: quality ? quality.totalVideoFrames : -1,
      audioBytes: video.webkitAudioDecodedByteCount, // Chromium only
      notice: notice.hidden ? '' : notice.textContent,
      problem: problem.hidden ? '' : problem.textContent,
      error: video.error ? video.error.code : 0,
      ready: video.readyState,
    };
  });
}
