#!/usr/bin/env python3
"""A real HTTP receiver for the order webhook tests: listens on 127.0.0.1 (a free port), prints
the port on its first line, and appends every request it receives (headers and body) to the JSON
lines file given as its argument. It answers 500 to the first `--fail-first N` requests (to test
retries), 200 afterwards."""
import json
import sys
from http.server import BaseHTTPRequestHandler, HTTPServer

log_path = sys.argv[1]
fail_first = int(sys.argv[3]) if len(sys.argv) > 3 and sys.argv[2] == "--fail-first" else 0
count = 0


class Receiver(BaseHTTPRequestHandler):
    def do_POST(self):
        global count
        length = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(length).decode("utf-8")
        count += 1
        status = 500 if count <= fail_first else 200
        with open(log_path, "a") as log:
            log.write(json.dumps({"path": self.path, "headers": dict(self.headers), "body": body, "status": status}) + "\n")
        self.send_response(status)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


server = HTTPServer(("127.0.0.1", 0), Receiver)
print(server.server_address[1], flush=True)
server.serve_forever()
