// What a played HLS stream sounds like: the pitch of the sine tone in the segment the page
// fetched last, decoded by ffmpeg. The test files carry one tone per sound track (440 Hz, 880 Hz),
// so the pitch says which track the viewer hears, whatever the page or the server report.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const RATE = 48000;

async function download(url) {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

// The first sound track of an fMP4 file as mono 16-bit samples at RATE.
function decodeSound(path) {
  const decoded = spawnSync('ffmpeg', ['-nostdin', '-hide_banner', '-loglevel', 'error', '-i', path,
    '-map', '0:a:0', '-ac', '1', '-ar', String(RATE), '-f', 's16le', '-'],
  { maxBuffer: 64 * 1024 * 1024 });
  if (decoded.status !== 0) throw new Error(`ffmpeg could not decode ${path}: ${decoded.stderr}`);
  const bytes = decoded.stdout;
  return new Int16Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 2));
}

// The pitch of a sine by its zero crossings, with a dead band of a tenth of the loudest sample
// so the encoder's near-silent start adds none. Measured between the first and last crossing.
export function pitchOf(samples) {
  let loudest = 0;
  for (const s of samples) loudest = Math.max(loudest, Math.abs(s));
  if (loudest === 0) return 0;
  const band = loudest / 10;
  let side = 0;
  let crossings = 0;
  let first = -1;
  let last = -1;
  samples.forEach((s, i) => {
    const now = s > band ? 1 : s < -band ? -1 : 0;
    if (now === 0) return;
    if (side !== 0 && now !== side) {
      crossings += 1;
      if (first < 0) first = i;
      last = i;
    }
    side = now;
  });
  if (crossings < 2) return 0;
  return (crossings - 1) / 2 / ((last - first) / RATE);
}

// The pitch of the last media segment among the page's HLS responses ({url, status}), decoded
// after its session's init segment.
export async function pitchOfLastSegment(hlsResponses) {
  const segment = [...hlsResponses].reverse().find((r) => r.status === 200 && /\.m4s$/.test(r.url));
  if (!segment) throw new Error('the page fetched no media segment');
  const init = new URL('init.mp4', segment.url).href;
  const dir = mkdtempSync(join(tmpdir(), 'tglink-tone-'));
  try {
    const path = join(dir, 'segment.mp4');
    writeFileSync(path, Buffer.concat([await download(init), await download(segment.url)]));
    return pitchOf(decodeSound(path));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
