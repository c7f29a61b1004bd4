// The playback test matrix: one tiny file for every container and codec the spec
// names (MP4, MKV, AVI, WebM, MOV, 3GP, M4V, WMV; H.264, H.265, VP8, VP9, AV1, MPEG-4 Part 2;
// AAC, MP3, Opus, Vorbis, FLAC, AC-3), plus a two-language MKV and one with text subtitles,
// made with Debian's ffmpeg from a test pattern and a tone: 8 s at 320x180, a few hundred KB.
//
// Each row also says what headless Chromium (Debian's, software decoders only) is expected to
// get from the server for it: the method and a pattern for the banner; `engines.firefox` says
// where Firefox ESR gets something else. Rows whose encoder is
// missing from this ffmpeg are skipped and reported.
//
//   node media_matrix.mjs <root>  makes the files once into <root>/<hash>/ (the hash of this
//                                 script and of ffmpeg's version, so the suites of one run and
//                                 later runs share them) with manifest.json: {files: [{name,
//                                 path, mime, method, notice, seconds, matrix, ...}], skipped},
//                                 and prints that folder's path last.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SECONDS = 8;
const PATTERN = `testsrc2=size=320x180:rate=25:duration=${SECONDS}`;
const QCIF = `testsrc2=size=176x144:rate=25:duration=${SECONDS}`; // H.263 takes only fixed sizes
const tone = (hz, seconds) => `sine=frequency=${hz}:sample_rate=48000:duration=${seconds}`;

const X264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '25'];
const X265 = ['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error:keyint=25',
  '-tag:v', 'hvc1'];
const VP8 = ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '300k'];
const VP9 = ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '300k'];
const AV1 = ['-c:v', 'libsvtav1', '-preset', '12', '-g', '25'];
const XVID = ['-c:v', 'libxvid', '-g', '25'];
const MPEG4 = ['-c:v', 'mpeg4', '-vtag', 'DIVX', '-g', '25'];
const AAC = ['-c:a', 'aac', '-b:a', '96k'];

// A direct play says nothing; a remux of the sound says it is converted; a transcode says the
// video is converted and what that does to seeking.
const QUIET = '^$';
const SOUND = 'sound is converted on the server \\(AC-3';
const VIDEO = 'video is converted on the server';

// inputs: lavfi graphs; output: codec arguments. `encoder` must exist for the row to be made.
export const ROWS = [
  { name: 'h264_aac.mp4', mime: 'video/mp4', encoder: 'libx264', method: 'direct', notice: QUIET,
    output: [...X264, ...AAC, '-movflags', '+faststart'] },
  { name: 'h264_aac.m4v', mime: 'video/x-m4v', encoder: 'libx264', method: 'direct', notice: QUIET,
    output: [...X264, ...AAC, '-f', 'mp4'] },
  { name: 'h264_aac.mov', mime: 'video/quicktime', encoder: 'libx264', method: 'direct', notice: QUIET,
    output: [...X264, ...AAC] },
  { name: 'h264_ac3.mp4', mime: 'video/mp4', encoder: 'libx264', method: 'remux', notice: SOUND,
    output: [...X264, '-c:a', 'ac3', '-b:a', '96k'] },
  { name: 'h264_ac3.mkv', mime: 'video/x-matroska', encoder: 'libx264', method: 'remux', notice: SOUND,
    output: [...X264, '-c:a', 'ac3', '-b:a', '96k'] },
  // Firefox's Matroska takes AAC and Opus sound only (canPlayType says "" for MP3 or FLAC in
  // it, though it plays both elsewhere): it plays the picture without sound (mozHasAudio
  // false), so the player asks again with direct play ruled out, and the sound is converted.
  { name: 'h264_mp3.mkv', mime: 'video/x-matroska', encoder: 'libx264', method: 'direct', notice: QUIET,
    engines: { firefox: { method: 'remux', notice: 'sound is converted on the server \\(MP3' } },
    output: [...X264, '-c:a', 'libmp3lame', '-b:a', '96k'] },
  { name: 'h264_flac.mkv', mime: 'video/x-matroska', encoder: 'libx264', method: 'direct', notice: QUIET,
    engines: { firefox: { method: 'remux', notice: 'sound is converted on the server \\(FLAC' } },
    output: [...X264, '-c:a', 'flac'] },
  // Chromium's software decoder takes High 10 H.264 (canPlayType says "probably" and frames
  // come out), so this one plays directly here; browsers without it (Firefox) get a transcode.
  { name: 'h264_10bit_aac.mkv', mime: 'video/x-matroska', encoder: 'libx264', method: 'direct',
    notice: QUIET, engines: { firefox: { method: 'transcode', notice: VIDEO } }, output: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p10le',
      '-g', '25', ...AAC] },
  // Firefox decodes HEVC through the system's decoders (Debian's ffmpeg libraries), and only
  // the E-AC-3 sound is converted for it.
  { name: 'hevc_aac.mp4', mime: 'video/mp4', encoder: 'libx265', method: 'transcode', notice: VIDEO,
    engines: { firefox: { method: 'direct', notice: QUIET } }, output: [...X265, ...AAC] },
  { name: 'hevc_eac3.mkv', mime: 'video/x-matroska', encoder: 'libx265', method: 'transcode',
    notice: VIDEO, engines: { firefox: { method: 'remux', notice: 'sound is converted on the server \\(E-AC-3' } },
    output: [...X265, '-c:a', 'eac3', '-b:a', '96k'] },
  { name: 'vp8_vorbis.webm', mime: 'video/webm', encoder: 'libvpx', method: 'direct', notice: QUIET,
    output: [...VP8, '-c:a', 'libvorbis'] },
  { name: 'vp9_opus.webm', mime: 'video/webm', encoder: 'libvpx-vp9', method: 'direct', notice: QUIET,
    output: [...VP9, '-c:a', 'libopus'] },
  { name: 'av1_opus.webm', mime: 'video/webm', encoder: 'libsvtav1', method: 'direct', notice: QUIET,
    output: [...AV1, '-c:a', 'libopus'] },
  { name: 'xvid_mp3.avi', mime: 'video/x-msvideo', encoder: 'libxvid', method: 'transcode',
    notice: VIDEO, output: [...XVID, '-c:a', 'libmp3lame', '-b:a', '96k'] },
  { name: 'divx_ac3.avi', mime: 'video/x-msvideo', encoder: 'mpeg4', method: 'transcode',
    notice: VIDEO, output: [...MPEG4, '-c:a', 'ac3', '-b:a', '96k'] },
  { name: 'h263_aac.3gp', mime: 'video/3gpp', encoder: 'h263', method: 'transcode', notice: VIDEO,
    pattern: QCIF, output: ['-c:v', 'h263', '-g', '25', '-c:a', 'aac', '-ac', '1', '-ar', '16000',
      '-b:a', '32k'] },
  { name: 'wmv2_wmav2.wmv', mime: 'video/x-ms-wmv', encoder: 'wmv2', method: 'transcode',
    notice: VIDEO, output: ['-c:v', 'wmv2', '-g', '25', '-c:a', 'wmav2', '-b:a', '96k'] },
  // Two sound tracks (440 Hz English, 880 Hz French) and an SRT: the second track is chosen
  // in the menu.
  { name: 'two_languages.mkv', mime: 'video/x-matroska', encoder: 'libx264', method: 'direct',
    notice: QUIET, tones: [440, 880], tracks: true, subtitles: true,
    output: [...X264, ...AAC, '-c:s', 'srt', '-metadata:s:a:0', 'language=eng', '-metadata:s:a:0',
      'title=Original', '-metadata:s:a:1', 'language=fra', '-metadata:s:a:1', 'title=<b>Doublage</b>'] },
  // An SRT subtitle track whose one cue lasts the whole file.
  { name: 'subtitles.mkv', mime: 'video/x-matroska', encoder: 'libx264', method: 'direct',
    notice: QUIET, subtitles: true,
    output: [...X264, ...AAC, '-c:s', 'srt', '-metadata:s:s:0', 'language=eng'] },
  // Not a matrix row: a longer conversion (MPEG-4 Part 2, cheap to make) for the queue and
  // killed-job checks, 5 minutes at 10 fps.
  { name: 'long_mpeg4.avi', mime: 'video/x-msvideo', encoder: 'mpeg4', method: 'transcode',
    notice: VIDEO, matrix: false, seconds: 300,
    pattern: 'testsrc2=size=320x180:rate=10:duration=300',
    output: [...MPEG4, '-c:a', 'libmp3lame', '-b:a', '64k'] },
];

export const SUBTITLE_TEXT = 'Hello from the subtitle track';

function encoders() {
  const listed = spawnSync('ffmpeg', ['-hide_banner', '-encoders'], { encoding: 'utf8' });
  return new Set((listed.stdout || '').split('\n').map((line) => line.trim().split(/\s+/)[1]));
}

function ffmpegArgs(row, dir) {
  const args = ['-nostdin', '-y', '-hide_banner', '-loglevel', 'error',
    '-f', 'lavfi', '-i', row.pattern || PATTERN];
  const tones = row.tones || [440];
  const seconds = row.seconds || SECONDS;
  for (const hz of tones) args.push('-f', 'lavfi', '-i', tone(hz, seconds));
  if (row.subtitles) args.push('-i', join(dir, 'cue.srt'));
  args.push('-map', '0:v');
  tones.forEach((_, i) => args.push('-map', `${i + 1}:a`));
  if (row.subtitles) args.push('-map', `${tones.length + 1}:s`);
  args.push(...row.output, '-t', String(seconds), join(dir, row.name));
  return args;
}

function run(args) {
  return new Promise((resolve) => {
    const child = spawn('ffmpeg', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk) => { errors += chunk; });
    child.on('close', (code) => resolve({ code, errors }));
  });
}

// Makes every row two at a time (the machine has two cores). Answers the manifest.
export async function makeMedia(dir) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'cue.srt'), `1\n00:00:00,000 --> 00:00:${String(SECONDS).padStart(2, '0')},000\n${SUBTITLE_TEXT}\n`);
  const available = encoders();
  const manifest = [];
  const skipped = [];
  const queue = ROWS.filter((row) => {
    if (available.has(row.encoder)) return true;
    skipped.push(`${row.name} (no ${row.encoder} encoder)`);
    return false;
  });
  const failures = [];
  async function worker() {
    while (queue.length > 0) {
      const row = queue.shift();
      const result = await run(ffmpegArgs(row, dir));
      if (result.code !== 0) failures.push(`${row.name}: ${result.errors}`);
      else {
        manifest.push({ ...row, path: join(dir, row.name), seconds: row.seconds || SECONDS,
          matrix: row.matrix !== false, output: undefined, pattern: undefined });
      }
    }
  }
  await Promise.all([worker(), worker()]);
  if (failures.length > 0) throw new Error(`ffmpeg failed:\n${failures.join('\n')}`);
  manifest.sort((a, b) => ROWS.findIndex((r) => r.name === a.name) - ROWS.findIndex((r) => r.name === b.name));
  return { manifest, skipped };
}

// Makes the media under `root` unless an identical set is already there; answers its folder.
// Several processes may race: each makes its own copy and the first rename wins.
export async function cachedMedia(root) {
  const version = spawnSync('ffmpeg', ['-version'], { encoding: 'utf8' }).stdout.split('\n')[0];
  const hash = createHash('sha256').update(readFileSync(fileURLToPath(import.meta.url)))
    .update(version).digest('hex').slice(0, 16);
  const dir = join(root, hash);
  if (existsSync(join(dir, 'manifest.json'))) return dir;
  mkdirSync(root, { recursive: true });
  const scratch = mkdtempSync(join(root, `${hash}.tmp-`));
  const { manifest, skipped } = await makeMedia(scratch);
  const moved = manifest.map((f) => ({ ...f, path: join(dir, f.name) }));
  writeFileSync(join(scratch, 'manifest.json'), JSON.stringify({ files: moved, skipped }, null, 1));
  try {
    renameSync(scratch, dir);
    console.log(`made ${manifest.length} files${skipped.length ? `; skipped ${skipped.join(', ')}` : ''}`);
  } catch (_) {
    rmSync(scratch, { recursive: true, force: true }); // another process was first
  }
  return dir;
}

if (process.argv[1] && process.argv[1].endsWith('media_matrix.mjs')) {
  console.log(await cachedMedia(process.argv[2]));
}
