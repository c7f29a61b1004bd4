// What every browser test script shares: where Chromium is, how long to wait, the two viewports,
// and the "ok"/"not ok" lines with the closing "N passed, N failed" the C++ side reads.

export const CHROMIUM = process.env.TGLINK_CHROMIUM || '/usr/bin/chromium';
export const WAIT_MS = 60_000; // generous: the machine is shared; nothing here measures time
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

let passed = 0;
let failed = 0;

export async function check(name, body) {
  try {
    await body();
    passed += 1;
    console.log(`ok - ${name}`);
  } catch (error) {
    failed += 1;
    console.log(`not ok - ${name}\n  ${String(error && error.stack ? error.stack : error)}`);
  }
}

export function expect(condition, message) {
  if (!condition) throw new Error(message);
}

// Prints the summary and exits 1 when anything failed (a crash counts as one more failure).
export function finish(crash) {
  if (crash !== undefined) {
    failed += 1;
    console.log(`not ok - the browser run stopped: ${crash && crash.stack ? crash.stack : crash}`);
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}
