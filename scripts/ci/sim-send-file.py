#!/usr/bin/env python3
"""A user of the TDLib simulator sends the bot a video; prints the download link of its reply.

    sim-send-file.py CONTROL_SOCKET VIDEO.mp4 SECONDS WIDTH HEIGHT

For the booted .deb of deploy-test.sh, whose tglink runs on the simulator with its control
socket open (TGLINK_SIM_SOCKET): what `tglink demo` does inside its own process, done from
outside the unit (src/sim/control_client.hpp: one JSON request a line, one answer a line).
"""
import json
import re
import socket
import sys

USER_ID = 100000002


def main():
    control, path, seconds, width, height = sys.argv[1:6]
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as connection:
        connection.connect(control)
        stream = connection.makefile("rw")

        def call(request):
            stream.write(json.dumps(request) + "\n")
            stream.flush()
            answer = json.loads(stream.readline())
            if not answer.get("ok"):
                sys.exit(f"simulator: {request['op']}: {answer.get('error')}")
            return answer

        call({"op": "create_user", "user_id": USER_ID, "first_name": "Escape Test",
              "username": "escape_test", "is_premium": False})
        call({"op": "send_file", "user_id": USER_ID, "path": path, "kind": "video",
              "mime_type": "video/mp4", "caption": "", "duration": int(seconds),
              "width": int(width), "height": int(height)})
        answer = call({"op": "wait_messages", "chat_id": USER_ID, "count": 1,
                       "timeout_ms": 60000})
    link = re.search(r'https?://[^\s"\\]*/dl/[^\s"\\]+', json.dumps(answer))
    if not link:
        sys.exit(f"the bot's reply holds no /dl/ link: {json.dumps(answer)[:600]}")
    print(link.group(0))


if __name__ == "__main__":
    main()
