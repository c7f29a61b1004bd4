// The plan the C++ driver wrote for this run (the script's first argument, a JSON file) and the
// look-ups the player scripts make in it.
import { readFileSync } from 'node:fs';

export const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));

// The player page for a streaming link.
export function playerUrl(stream) {
  return `${plan.base_url}/player?stream=${encodeURIComponent(stream)}`;
}

// The plan's entry for a media file by name (playback matrix and sequence).
export function file(name) {
  const found = plan.files.find((f) => f.name === name);
  if (!found) throw new Error(`no file ${name} in the plan (its encoder may be missing)`);
  return found;
}
