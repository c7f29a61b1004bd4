// Which subtitle is drawn by the ASS renderer (player_ass.js), and from where.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { assScriptUrl, attachedFontUrls, isAssTrack } from '../../../src/web/assets/player_ass.js';

const PLAYLIST = 'http://tglink.test/hls/TOKEN/SESSION/master.m3u8';

function decision(codec, chosen = 0) {
  return { subtitle_track: chosen, subtitles: [{ index: 0, codec, kind: 'text' }] };
}

test('ASS and SSA tracks are scripts; others are not', () => {
  assert.equal(isAssTrack({ codec: 'ass' }), true);
  assert.equal(isAssTrack({ codec: 'ssa' }), true);
  assert.equal(isAssTrack({ codec: 'subrip' }), false);
  assert.equal(isAssTrack(undefined), false);
});

test('the script sits beside the stream\'s playlists when the stream carries the ASS track', () => {
  assert.equal(assScriptUrl(decision('ass'), PLAYLIST, 0), 'http://tglink.test/hls/TOKEN/SESSION/subs.ass');
  assert.equal(assScriptUrl(decision('subrip'), PLAYLIST, 0), null, 'a text track stays WebVTT');
  assert.equal(assScriptUrl(decision('ass', null), PLAYLIST, 0), null, 'the stream was made without it');
  assert.equal(assScriptUrl(decision('ass'), PLAYLIST, null), null, 'subtitles off');
  assert.equal(assScriptUrl(decision('ass'), PLAYLIST, 1), null, 'no such track');
});

test('every font attached to the file is handed over, from beside the script', () => {
  const fonts = attachedFontUrls({ fonts: 2 }, PLAYLIST);
  assert.deepEqual(fonts, ['http://tglink.test/hls/TOKEN/SESSION/font-0',
    'http://tglink.test/hls/TOKEN/SESSION/font-1']);
  assert.deepEqual(attachedFontUrls({}, PLAYLIST), [], 'an older server says nothing: none');
  assert.equal(attachedFontUrls({ fonts: 1000 }, PLAYLIST).length, 16, 'never more than the server keeps');
});
