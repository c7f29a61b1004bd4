// Subtitles sent beside the video in the player's menu (player_sidecar.js): their labels and the
// menu values that tell them from the file's own tracks.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { sidecarIndex, sidecarLabel, sidecarValue } from '../../../src/web/assets/player_sidecar.js';

test('a sidecar is labelled by its file name, or numbered when it has none', () => {
  assert.equal(sidecarLabel({ name: 'Film.ru.srt' }, 0), 'Film.ru.srt (sent beside the video)');
  assert.equal(sidecarLabel({ name: '' }, 1), 'Subtitles 2 (sent beside the video)');
  assert.equal(sidecarLabel(null, 0), 'Subtitles 1 (sent beside the video)');
});

test('menu values for sidecars never read as the file\'s own track numbers', () => {
  assert.equal(sidecarValue(3), 'sidecar-3');
  assert.equal(sidecarIndex('sidecar-3'), 3);
  assert.equal(sidecarIndex('3'), null, 'the file\'s own track 3');
  assert.equal(sidecarIndex(''), null, 'Off');
  assert.equal(sidecarIndex('sidecar-x'), null);
});
