"""Stalled readers for the slow-reader tests: N sockets send one GET each and read nothing. Commands
on stdin: `wait` answers `answered` once every socket has the first bytes of its answer (peeked, not
read: the socket still takes nothing); `read` reads each socket to its end and describes them as JSON.
Loopback only.

Each socket has a 4 KB receive buffer and announces a 536-byte MSS, both set before connecting (Node
can set neither). The receive buffer alone does not stall the server: on loopback the server's send
buffer is sized from the peer's MSS (65,483 bytes there) to about 3.9 MB, and it took 2.8 MB of a
2.9 MB export nobody read, so whether the export's last byte left the server process (freeing its
heavy slot) depended on how the kernel packed the bytes. With a 536-byte MSS the server's send buffer
stays near 150 KB (about 100 KB of data, as with a 1,460-byte MSS over Ethernet), and the rest of a
larger answer waits in the server process until its client reads."""
import json
import socket
import sys

port, count, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
headers = json.loads(sys.argv[4])
request = f"GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n" + "".join(f"{k}: {v}\r\n" for k, v in headers.items()) + "\r\n"
socks = []
for _ in range(count):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_MAXSEG, 536)
    s.connect(("127.0.0.1", port))
    s.sendall(request.encode())
    socks.append(s)
print("sent", flush=True)


def wait():
    for s in socks:
        s.settimeout(30)
        try:
            s.recv(1, socket.MSG_PEEK)
        except OSError:
            pass  # reset or no answer in time: `read` describes it
    print("answered", flush=True)


def read():
    out = []
    for s in socks:
        s.settimeout(5)
        data, closed = b"", False
        try:
            while True:
                chunk = s.recv(1 << 16)
                if not chunk:
                    closed = True
                    break
                data += chunk
        except socket.timeout:
            pass
        except (ConnectionResetError, BrokenPipeError):
            closed = True
        head, _, body = data.partition(b"\r\n\r\n")
        lines = head.decode("latin1").split("\r\n")
        length = next((int(l.split(":", 1)[1]) for l in lines[1:] if l.lower().startswith("content-length:")), None)
        out.append({"status": lines[0], "length": length, "body_bytes": len(body), "closed": closed})
        s.close()
    print(json.dumps(out), flush=True)


for command in sys.stdin:
    if command.strip() == "wait":
        wait()
    else:
        read()
        break
