// Where the viewer stopped (player_resume.js): the key per file and what is worth offering.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { END_MARGIN_SECONDS, MIN_SECONDS, entryFor, keysToDrop, offeredPosition, resumeKey } from '../../../src/web/assets/player_resume.js';

test('the key is the stream link\'s token, with or without a file name after it', () => {
  const page = 'https://t.example/player?stream=x';
  assert.equal(resumeKey('https://t.example/stream/AbC-1_x', page), 'tglink.resume.AbC-1_x');
  assert.equal(resumeKey('https://t.example/base/stream/AbC/film.mkv', page), 'tglink.resume.AbC');
  assert.equal(resumeKey('/stream/AbC?x=1', page), 'tglink.resume.AbC');
  assert.equal(resumeKey('https://t.example/dl/AbC', page), '');
  assert.equal(resumeKey('', page), '');
  assert.equal(resumeKey('/stream/AbC', undefined), '', 'a relative link without a page is no key');
});

test('a position near the start or the end is not offered', () => {
  assert.equal(offeredPosition({ time: MIN_SECONDS - 1, duration: 600 }, NaN), 0);
  assert.equal(offeredPosition({ time: 600 - END_MARGIN_SECONDS + 1, duration: 600 }, NaN), 0);
  assert.equal(offeredPosition({ time: 125, duration: 600 }, NaN), 125);
  assert.equal(offeredPosition({ time: 125, duration: 0 }, NaN), 125, 'an unknown length still offers');
  assert.equal(offeredPosition({ time: 590, duration: 0 }, 600), 0, 'the element\'s duration counts first');
  assert.equal(offeredPosition(null, 600), 0);
  assert.equal(offeredPosition({ time: 'x' }, 600), 0);
});

test('an entry is kept only when it would be offered', () => {
  assert.deepEqual(entryFor(125.7, 600.2, 42), { time: 125, duration: 600, at: 42 });
  assert.equal(entryFor(3, 600, 42), null);
  assert.equal(entryFor(599, 600, 42), null);
});

test('past the limit the oldest entries go', () => {
  const entries = [['a', { at: 3 }], ['b', { at: 1 }], ['c', { at: 2 }], ['d', {}]];
  assert.deepEqual(keysToDrop(entries, 2), ['d', 'b']);
  assert.deepEqual(keysToDrop(entries, 4), []);
});
