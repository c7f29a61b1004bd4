// The one page recorder of the browser tests: what a page did that a check looks at afterwards.
//   foreign  URLs requested from another origin than tglink's (a page must load nothing elsewhere)
//   csp      console messages about the Content Security Policy (Chromium and Firefox word them
//            differently)
//   errors   uncaught script errors
//   scripts  script URLs loaded (pages meant to run none), when asked for with { scripts: true }:
//            Firefox's driver cannot tell a request's type, so only Chromium pages ask
//   hls      answers under /hls/: { url, name (the last part of the path), status }
// A test that needs more (the playback API's answers, the media element's ranges) adds its own
// listeners to the same page.
import { expect } from './checks.mjs';

export function recordPage(page, baseUrl, { scripts = false } = {}) {
  const origin = new URL(baseUrl).origin;
  const record = { foreign: [], csp: [], errors: [], scripts: [], hls: [] };
  page.on('request', (request) => {
    const url = request.url();
    if (/^https?:/.test(url) && new URL(url).origin !== origin) record.foreign.push(url);
    if (scripts && request.resourceType() === 'script') record.scripts.push(url);
  });
  page.on('response', (response) => {
    const url = response.url();
    if (url.includes('/hls/')) {
      record.hls.push({ url, name: url.replace(/^.*\//, ''), status: response.status() });
    }
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) record.csp.push(message.text());
  });
  page.on('pageerror', (error) => record.errors.push(String(error)));
  return record;
}

// No CSP complaint and nothing fetched elsewhere; `label` names the page in the message.
export function expectClean(record, label) {
  const prefix = label ? `${label}: ` : '';
  expect(record.csp.length === 0, `${prefix}CSP errors: ${record.csp.join('; ')}`);
  expect(record.foreign.length === 0, `${prefix}requests elsewhere: ${record.foreign}`);
}
