// Files a conversion job writes as it reads the file (subs.ass, subs.sup, font-{k} beside the
// stream's playlists): the server answers 503 until the job has reached them, and they grow
// while the job goes on, so a renderer fetches them when ready and again while it draws.
'use strict';

// The file at `url` once the job has it, asked again a second after each 503, up to `tries`
// times; any other failure ends the wait.
export async function fetchWhenReady(url, tries = Infinity) {
  for (let tried = 1; ; tried += 1) {
    const response = await fetch(url, { cache: 'no-store' });
    if (response.ok) return response;
    if (response.status !== 503 || tried >= tries) throw new Error(`${url}: ${response.status}`);
    await new Promise((resolve) => { setTimeout(resolve, 1000); });
  }
}

// Calls `refresh` `ms` after the previous call settled (a failed one is simply tried at the
// next turn) for as long as `current()` holds. Returns what stops it.
export function refreshEvery(ms, current, refresh) {
  let timer = 0;
  const turn = () => {
    timer = setTimeout(() => {
      refresh().catch(() => {}).finally(() => {
        if (current()) turn();
      });
    }, ms);
  };
  turn();
  return () => clearTimeout(timer);
}
