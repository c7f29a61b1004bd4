#include "support/pgs_sup.hpp"

#include <cstdint>
#include <fstream>
#include <string>

namespace tglink::testing {

namespace {

enum : unsigned char {
  kPalette = 0x14,
  kObject = 0x15,
  kComposition = 0x16,
  kWindow = 0x17,
  kEnd = 0x80
};

void put16(std::string& out, int value) {
  out.push_back(static_cast<char>((value >> 8) & 0xff));
  out.push_back(static_cast<char>(value & 0xff));
}

void put24(std::string& out, int value) {
  out.push_back(static_cast<char>((value >> 16) & 0xff));
  put16(out, value & 0xffff);
}

// "PG", PTS and DTS on the 90 kHz clock, type, size, payload.
std::string segment(double seconds, unsigned char type, const std::string& payload) {
  const auto pts = static_cast<std::uint32_t>(seconds * 90000);
  std::string out = "PG";
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<char>(pts >> shift));
  out.append(4, '\0');
  out.push_back(static_cast<char>(type));
  put16(out, static_cast<int>(payload.size()));
  return out + payload;
}

// Composition `number`: the object in its window at (x, y), or nothing (a clear).
std::string composition(const PgsCue& cue, int number, bool shown) {
  std::string out;
  put16(out, cue.video_width);
  put16(out, cue.video_height);
  out.push_back(0x10);  // frame rate code
  put16(out, number);
  out.push_back(static_cast<char>(shown ? 0x80 : 0x00));  // epoch start, or normal
  out.push_back(0x00);                                    // no palette-only update
  out.push_back(0x00);                                    // palette 0
  out.push_back(static_cast<char>(shown ? 1 : 0));        // objects
  if (shown) {
    put16(out, 0);        // object 0
    out.push_back(0x00);  // window 0
    out.push_back(0x00);  // not cropped
    put16(out, cue.x);
    put16(out, cue.y);
  }
  return out;
}

std::string window(const PgsCue& cue) {
  std::string out(1, '\x01');
  out.push_back(0x00);
  put16(out, cue.x);
  put16(out, cue.y);
  put16(out, cue.width);
  put16(out, cue.height);
  return out;
}

// Entry 1: white, opaque (Y, Cr, Cb, alpha); entry 0 stays transparent.
std::string palette() { return std::string("\x00\x00\x01\xeb\x80\x80\xff", 7); }

// Each line: a run of colour 1 the width of the rectangle (00, 11LLLLLL LLLLLLLL, colour),
// then the end of the line (00 00).
std::string object(const PgsCue& cue) {
  std::string lines;
  for (int y = 0; y < cue.height; ++y) {
    lines.push_back(0x00);
    put16(lines, 0xC000 | cue.width);
    lines.push_back(0x01);
    lines.append(2, '\0');
  }
  std::string out;
  put16(out, 0);                           // object 0
  out.push_back(0x00);                     // version
  out.push_back(static_cast<char>(0xC0));  // first and last fragment
  put24(out, static_cast<int>(lines.size()) + 4);
  put16(out, cue.width);
  put16(out, cue.height);
  return out + lines;
}

}  // namespace

void write_pgs_sup(const std::filesystem::path& path, const PgsCue& cue) {
  // An empty composition at 0 s first, as a disc starts: the stream then starts where the
  // picture does, and ffmpeg does not shift the cue to the file's start when muxing.
  std::string sup = segment(0, kComposition, composition(cue, 0, false)) +
                    segment(0, kWindow, window(cue)) + segment(0, kEnd, "");
  sup += segment(cue.from, kComposition, composition(cue, 1, true)) +
         segment(cue.from, kWindow, window(cue)) + segment(cue.from, kPalette, palette()) +
         segment(cue.from, kObject, object(cue)) + segment(cue.from, kEnd, "");
  sup += segment(cue.to, kComposition, composition(cue, 2, false)) +
         segment(cue.to, kWindow, window(cue)) + segment(cue.to, kEnd, "");
  std::ofstream(path, std::ios::binary) << sup;
}

}  // namespace tglink::testing
