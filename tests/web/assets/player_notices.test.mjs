// The banner sentences (player_notices.js) and the codec names (player_codecs.js).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { displayName } from '../../../src/web/assets/player_codecs.js';
import { noticeFor } from '../../../src/web/assets/player_notices.js';
import { parseReasons } from '../../../src/web/assets/player_vocabulary.js';

test('codec names as people know them; unknown ones in capitals', () => {
  assert.equal(displayName('hevc'), 'HEVC (H.265)');
  assert.equal(displayName('EAC3'), 'E-AC-3 (Dolby Digital Plus)');
  assert.equal(displayName('rv40'), 'RV40');
  assert.equal(displayName('constructor'), 'CONSTRUCTOR', 'no inherited property is a name');
  assert.equal(displayName(undefined), '');
});

test('reasons split into kind and detail', () => {
  assert.deepEqual(parseReasons(['audio_codec_unsupported:ac3', 'conversion_off']),
    [{ kind: 'audio_codec_unsupported', detail: 'ac3' }, { kind: 'conversion_off', detail: '' }]);
  assert.deepEqual(parseReasons(undefined), []);
});

test('a direct play says nothing, unless the file has picture subtitles', () => {
  assert.equal(noticeFor({ method: 'direct', reasons: [] }), '');
  assert.match(noticeFor({ method: 'direct', reasons: ['image_subtitles'] }), /Picture subtitles/);
});

test('a remux for the sound names the codec', () => {
  assert.match(noticeFor({ method: 'remux', reasons: ['audio_codec_unsupported:ac3'] }),
    /sound is converted on the server \(AC-3 \(Dolby Digital\) → AAC\)/);
});

test('a remux for the container says picture and sound are unchanged', () => {
  assert.match(noticeFor({ method: 'remux', reasons: ['container_unsupported:mkv'] }), /MKV file is repackaged.*unchanged/);
});

test('a transcode names the video codec and the 720p ceiling', () => {
  const text = noticeFor({ method: 'transcode', reasons: ['video_codec_unsupported:hevc'], video: { height: 1080 } });
  assert.match(text, /HEVC \(H\.265\) video is converted on the server, at up to 720p,/);
  assert.doesNotMatch(noticeFor({ method: 'transcode', reasons: [], video: { height: 480 } }), /720p/);
});

test('an unplayable file says what and why', () => {
  assert.match(noticeFor({ method: 'unplayable', reasons: ['video_codec_unsupported:mpeg4', 'conversion_off'] }),
    /cannot play MPEG-4 Part 2 \(Xvid\/DivX\) video, and converting videos is turned off/);
  assert.match(noticeFor({ method: 'unplayable', reasons: ['duration_unknown'] }), /length is unknown/);
  assert.match(noticeFor({ method: 'unplayable', reasons: ['no_streams'] }), /No picture or sound/);
});

test('a queue position is said in words', () => {
  assert.match(noticeFor({ method: 'transcode', reasons: ['converter_busy'], queue_position: 1 }), /1 video is ahead/);
  assert.match(noticeFor({ method: 'transcode', reasons: [], queue_position: 3 }), /3 videos are ahead/);
});

test('a file the converter may not open is refused in plain words, naming what it is', () => {
  const manifest = noticeFor({ method: 'unplayable', reasons: ['container_refused:hls'] });
  assert.match(manifest, /format \(hls\) is not one the server opens/);
  assert.match(manifest, /Download it/);
  assert.match(noticeFor({ method: 'unplayable', reasons: ['codec_refused:magicyuv'] }),
    /MAGICYUV format is not one the server opens/);
  assert.match(noticeFor({ method: 'unplayable', reasons: ['protocol_refused:file'] }),
    /asks the server to open other files or addresses/);
});

test('a conversion stopped by the server\'s disk or by an impossible value says why', () => {
  assert.match(noticeFor({ method: 'unplayable', reasons: ['video_codec_unsupported:hevc', 'disk_low'] }),
    /short of disk space/);
  assert.match(noticeFor({ method: 'unplayable', reasons: ['value_out_of_range:video_width'] }),
    /impossible video width/);
});

test('picture subtitles: offered for burning where the server can, and the burn says its cost', () => {
  assert.match(noticeFor({ method: 'direct', reasons: ['image_subtitles', 'subtitles_burnable'] }),
    /can be burned into the video.*converter slots/);
  assert.match(noticeFor({ method: 'direct', reasons: ['image_subtitles'] }), /VLC and mpv/);
  const burned = noticeFor({ method: 'transcode', reasons: ['subtitle_burned'] });
  assert.match(burned, /burned into the video on the server/);
  assert.match(burned, /converter slots/);
});
