#pragma once
// What ffprobe and ffmpeg may open when they read an uploaded file: the demuxers (containers),
// the decoders and the protocols. Every upload is a stranger's input to FFmpeg's parsers, so
// both programs get these lists as input options on every run (playback/ffmpeg_command.hpp):
//  - demuxers: the containers browsers, phones and cameras produce. None of them opens a further
//    URL or file (no hls, dash, concat, image2, ...): a playlist named movie.mp4 is refused
//    before any segment is fetched;
//  - decoders: the codecs the player copies or converts, and their common relatives; an exotic
//    codec's decoder is never opened;
//  - protocols: only what reads tglink's own loopback source.
// A file outside the lists is refused with a notice (playback_decision.hpp) and never converted.
//
// ffprobe names a stream by its codec ("mp3", "av1", "amr_nb"), ffmpeg opens it with a decoder
// of another name ("mp3float", "libdav1d", "amrnb"): the table holds both.

#include <optional>
#include <string>
#include <string_view>

#include "playback/media_probe.hpp"

namespace tglink {

inline constexpr std::string_view kProtocolAllowList = "http,tcp";

// The lists as ffmpeg's -format_whitelist and -codec_whitelist take them.
[[nodiscard]] std::string demuxer_allow_list();
[[nodiscard]] std::string decoder_allow_list();

// ffprobe's format_name ("mov,mp4,m4a,3gp,3g2,mj2") names a listed demuxer.
[[nodiscard]] bool container_allowed(std::string_view format_name);
// ffprobe's codec_name ("h264", "mp3", "subrip") is one whose decoder is listed.
[[nodiscard]] bool codec_allowed(std::string_view codec_name);

// What a probe names outside the lists: its container, else the first stream whose codec is not
// listed; nullopt when everything is allowed. Probes stored before the lists existed are judged
// by this too.
[[nodiscard]] std::optional<MediaRefusal> refusal_of(const MediaProbe& probe);

// The refusal FFmpeg reported on stderr ("[hls @ 0x..] Format not on whitelist ...",
// "[magicyuv @ 0x..] Codec (magicyuv) not on whitelist ...", "Protocol 'file' not on
// whitelist ..."); nullopt when the run failed for another reason.
[[nodiscard]] std::optional<MediaRefusal> refusal_in_log(std::string_view ffmpeg_stderr);

}  // namespace tglink
