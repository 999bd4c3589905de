"""yaml-language-server driven over the Language Server Protocol (stdio), as an editor drives it."""

from __future__ import annotations

import json
import queue
import subprocess
import threading
import time
from pathlib import Path

SETTINGS = {
    "yaml": {
        "validate": True,
        "yamlVersion": "1.1",  # Kubernetes reads YAML 1.1 (go-yaml v2): `yes` is true, `010` is 8
        "schemaStore": {"enable": False},
        "kubernetesCRDStore": {"enable": False},  # no download of the CRDs catalog
        "schemas": {},
    }
}
ERROR, WARNING = 1, 2


class YamlLanguageServer:
    """One `yaml-language-server --stdio` process; `diagnostics` opens documents and collects what
    the server publishes for each."""

    def __init__(self, command: list[str], root: Path, settings: dict = SETTINGS):
        self.settings = settings
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.messages: queue.Queue = queue.Queue()
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()
        self.request("initialize", {"processId": None, "rootUri": root.as_uri(), "capabilities": {}})
        self.notify("initialized", {})
        self.notify("workspace/didChangeConfiguration", {"settings": settings})

    def _read(self) -> None:
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self.messages.put(None)
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode("ascii").partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            self.messages.put(json.loads(out.read(length)))

    def _send(self, message: dict) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def notify(self, method: str, params: dict) -> None:
        self._send({"method": method, "params": params})

    def request(self, method: str, params: dict, timeout: float = 60) -> object:
        self.next_id += 1
        want = self.next_id
        self._send({"id": want, "method": method, "params": params})
        end = time.monotonic() + timeout
        while (message := self._next(end - time.monotonic())) is not None:
            if message.get("id") == want and "method" not in message:
                return message.get("result")
        raise TimeoutError(f"no answer to {method}")

    def _next(self, timeout: float) -> dict | None:
        """The server's next notification or response (None after `timeout` seconds of silence); its
        requests are answered as a minimal editor answers them (configuration: the settings)."""
        while True:
            try:
                message = self.messages.get(timeout=max(0.0, timeout))
            except queue.Empty:
                return None
            if message is None:
                raise RuntimeError("yaml-language-server exited")
            if "method" not in message or "id" not in message:
                return message
            items = message.get("params", {}).get("items", [])
            self._send({"id": message["id"], "result": [self.settings.get(i.get("section")) for i in items] or None})

    def diagnostics(self, documents: dict[str, str], timeout: float = 120, settle: float = 1.0) -> dict[str, list]:
        """{uri: diagnostics} for YAML documents opened as `{uri: text}`: each document's last
        publication, once every document has one and the server has been quiet for `settle` seconds."""
        for uri, text in documents.items():
            doc = {"uri": uri, "languageId": "yaml", "version": 1, "text": text}
            self.notify("textDocument/didOpen", {"textDocument": doc})
        got: dict[str, list] = {}
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            message = self._next(settle)
            if message is None and set(documents) <= set(got):
                break
            if message and message.get("method") == "textDocument/publishDiagnostics":
                got[message["params"]["uri"]] = message["params"]["diagnostics"]
        for uri in documents:
            self.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
        missing = set(documents) - set(got)
        if missing:
            raise TimeoutError(f"no diagnostics for {len(missing)} documents, e.g. {sorted(missing)[0]}")
        return {uri: got[uri] for uri in documents}

    def close(self) -> None:
        try:
            self.request("shutdown", {}, timeout=10)
            self.notify("exit", {})
            self.proc.wait(timeout=10)
        except (OSError, TimeoutError, RuntimeError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()
