"""Stalled readers for the slow-reader tests: N sockets with a 4 KB receive buffer each send one GET
and read nothing until told to (a line on stdin); then each is read to its end and described as JSON.
Node cannot set a socket's receive buffer, so this small helper opens them. Loopback only."""
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
    s.connect(("127.0.0.1", port))
    s.sendall(request.encode())
    socks.append(s)
print("sent", flush=True)
sys.stdin.readline()
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
