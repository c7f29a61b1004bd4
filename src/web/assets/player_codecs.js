// ffprobe's codec and container names as people know them, for the banner and the track menus.
'use strict';

const NAMES = {
  h264: 'H.264', h264_10bit: 'H.264 (10-bit)', hevc: 'HEVC (H.265)', vp8: 'VP8', vp9: 'VP9', av1: 'AV1',
  mpeg4: 'MPEG-4 Part 2 (Xvid/DivX)', msmpeg4v2: 'MPEG-4 (Microsoft)', msmpeg4v3: 'DivX 3',
  wmv1: 'Windows Media Video', wmv2: 'Windows Media Video', wmv3: 'Windows Media Video 9',
  vc1: 'VC-1', h263: 'H.263', mpeg2video: 'MPEG-2', mpeg1video: 'MPEG-1', theora: 'Theora',
  aac: 'AAC', mp3: 'MP3', opus: 'Opus', vorbis: 'Vorbis', flac: 'FLAC', ac3: 'AC-3 (Dolby Digital)',
  eac3: 'E-AC-3 (Dolby Digital Plus)', dts: 'DTS', truehd: 'Dolby TrueHD', wmav2: 'Windows Media Audio',
  amr_nb: 'AMR', amr_wb: 'AMR-WB', alac: 'ALAC', pcm_s16le: 'PCM',
  subrip: 'SRT', ass: 'ASS', ssa: 'SSA', webvtt: 'WebVTT', mov_text: 'MP4 text',
  hdmv_pgs_subtitle: 'PGS', dvd_subtitle: 'VobSub', dvb_subtitle: 'DVB',
  avi: 'AVI', wmv: 'WMV', asf: 'WMV', mkv: 'MKV', matroska: 'MKV', '3gp': '3GP', mov: 'MOV',
  mp4: 'MP4', webm: 'WebM', flv: 'FLV', ts: 'MPEG-TS', mpegts: 'MPEG-TS', ogg: 'Ogg',
};

// "HEVC (H.265)" for "hevc"; a name it does not know, in capitals.
export function displayName(name) {
  const key = String(name || '').toLowerCase();
  return Object.hasOwn(NAMES, key) ? NAMES[key] : String(name || '').toUpperCase();
}
