// Fetching what a conversion job writes as it goes (player_job_files.js): waited for through
// 503s, refreshed while current, stopped on demand.
import assert from 'node:assert/strict';
import { mock, test } from 'node:test';

import { fetchWhenReady, refreshEvery } from '../../../src/web/assets/player_job_files.js';

function answers(...statuses) {
  const asked = [];
  globalThis.fetch = async (url) => {
    asked.push(url);
    const status = statuses[Math.min(asked.length, statuses.length) - 1];
    return { ok: status === 200, status };
  };
  return asked;
}

test('a 503 is asked again until the job has the file', async () => {
  mock.timers.enable({ apis: ['setTimeout'] });
  const asked = answers(503, 503, 200);
  const pending = fetchWhenReady('subs.ass');
  for (let i = 0; i < 2; i += 1) {
    await new Promise(setImmediate);
    mock.timers.tick(1000);
  }
  assert.equal((await pending).status, 200);
  assert.equal(asked.length, 3);
  mock.timers.reset();
});

test('any other status, or the last of the tries, ends the wait', async () => {
  answers(404);
  await assert.rejects(fetchWhenReady('subs.sup'), /subs.sup: 404/);
  answers(503);
  await assert.rejects(fetchWhenReady('font-0', 1), /font-0: 503/);
});

test('refreshes go on while current, survive a failure, and stop when told', async () => {
  mock.timers.enable({ apis: ['setTimeout'] });
  let calls = 0;
  let current = true;
  const stop = refreshEvery(4000, () => current, async () => {
    calls += 1;
    if (calls === 1) throw new Error('one failed refresh');
  });
  for (let i = 0; i < 3; i += 1) {
    mock.timers.tick(4000);
    await new Promise(setImmediate);
  }
  assert.equal(calls, 3);
  current = false;
  mock.timers.tick(4000);
  await new Promise(setImmediate);
  mock.timers.tick(4000);
  assert.equal(calls, 4, 'the call in flight when it stopped being current is the last');
  const again = refreshEvery(4000, () => true, async () => { calls += 1; });
  again();
  mock.timers.tick(8000);
  assert.equal(calls, 4);
  stop();
  mock.timers.reset();
});
