// Which subtitle is drawn by the PGS renderer (player_pgs.js), and from where.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { isPgsTrack, pgsStreamUrl } from '../../../src/web/assets/player_pgs.js';
import { subtitleLabel } from '../../../src/web/assets/player_tracks.js';

const PLAYLIST = 'http://tglink.test/hls/TOKEN/SESSION/master.m3u8';

function decision(codec, chosen = 0, reasons = ['subtitle_selected']) {
  return { subtitle_track: chosen, reasons, subtitles: [{ index: 0, codec, kind: 'image' }] };
}

test('only Blu-ray picture subtitles are drawn here', () => {
  assert.equal(isPgsTrack({ codec: 'hdmv_pgs_subtitle' }), true);
  assert.equal(isPgsTrack({ codec: 'dvd_subtitle' }), false);
  assert.equal(isPgsTrack(undefined), false);
});

test('the stream sits beside the playlists when the server hands the PGS track over', () => {
  assert.equal(pgsStreamUrl(decision('hdmv_pgs_subtitle'), PLAYLIST, 0),
    'http://tglink.test/hls/TOKEN/SESSION/subs.sup');
  assert.equal(pgsStreamUrl(decision('hdmv_pgs_subtitle', 0, ['subtitle_burned']), PLAYLIST, 0), null,
    'burned into the picture: nothing to draw');
  assert.equal(pgsStreamUrl(decision('dvd_subtitle'), PLAYLIST, 0), null, 'VobSub is burned in');
  assert.equal(pgsStreamUrl(decision('hdmv_pgs_subtitle', null), PLAYLIST, 0), null, 'the stream was made without it');
  assert.equal(pgsStreamUrl(decision('hdmv_pgs_subtitle'), PLAYLIST, null), null, 'subtitles off');
});

test('the menu says which picture subtitles are burned in on the server', () => {
  const pgs = { codec: 'hdmv_pgs_subtitle', kind: 'image', title: 'PGS' };
  assert.equal(subtitleLabel(pgs, 0, ['hdmv_pgs_subtitle']), 'PGS (picture)');
  assert.equal(subtitleLabel(pgs, 0, []), 'PGS (picture: burned in on the server)');
  assert.equal(subtitleLabel({ codec: 'dvd_subtitle', kind: 'image' }, 1, ['hdmv_pgs_subtitle']),
    'Subtitles 2 (picture: burned in on the server)');
});
