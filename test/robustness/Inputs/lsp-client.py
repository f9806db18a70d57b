#!/usr/bin/env python3
"""Drives distc-lsp-server over stdin/stdout with Content-Length framed
messages, as an editor does: initialize, documents that distc refuses
(100,000 nested `tensor<`, 5,000 nested regions, `linalg.reduce ...
dimensions = x`, a shard.all_slice over a grid extent of 0), messages that are not JSON-RPC objects, 100,000 nested
JSON brackets, then a valid document, changes, a request, shutdown and
exit. Prints one line per message the server sent, in order, and the
server's exit status.

usage: lsp-client.py SERVER
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)


def frame(body):
    data = body.encode() if isinstance(body, str) else body
    return b"Content-Length: %d\r\n\r\n" % len(data) + data


def msg(obj):
    return frame(json.dumps(obj))


def did_open(uri, text):
    return msg({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": {"textDocument": {"uri": uri, "languageId": "mlir",
                                            "version": 1, "text": text}}})


def did_change(uri, version, changes):
    return msg({"jsonrpc": "2.0", "method": "textDocument/didChange",
                "params": {"textDocument": {"uri": uri, "version": version},
                           "contentChanges": changes}})


def nesting(kind, n):
    return subprocess.run([sys.executable, os.path.join(HERE, "gen-nesting.py"),
                           kind, str(n)], capture_output=True, text=True,
                          check=True).stdout


GOOD = ("func.func @f(%a: f64) -> f64 {\n"
        "  %s = arith.addf %a, %a : f64\n"
        "  return %s : f64\n"
        "}\n")
REDUCE = ("func.func @r(%a: tensor<4xf64>, %b: tensor<f64>) -> tensor<f64> {\n"
          "  %r = linalg.reduce ins(%a : tensor<4xf64>) outs(%b : tensor<f64>)"
          " dimensions = x\n"
          "    (%x: f64, %y: f64) {\n"
          "      %s = arith.addf %x, %y : f64\n"
          "      linalg.yield %s : f64\n"
          "    }\n"
          "  return %r : tensor<f64>\n"
          "}\n")
GRID = ("shard.grid @g(shape = 0x2)\n"
        "func.func @s(%a: tensor<8xf64>) -> tensor<4xf64> {\n"
        "  %s = shard.all_slice %a on @g grid_axes = [0] slice_axis = 0"
        " : tensor<8xf64> -> tensor<4xf64>\n"
        "  return %s : tensor<4xf64>\n"
        "}\n")

stream = b"".join([
    msg({"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"processId": None, "rootUri": None, "capabilities": {}}}),
    msg({"jsonrpc": "2.0", "method": "initialized", "params": {}}),
    did_open("test:///types.mlir", nesting("types", 100000)),
    did_open("test:///regions.mlir", nesting("regions", 5000)),
    did_open("test:///reduce.mlir", REDUCE),
    did_open("test:///grid.mlir", GRID),
    frame("[1, 2, 3]"),
    frame("42"),
    frame('{"id": 7, "method": "initialize"}'),
    frame("[" * 100000 + "]" * 100000),
    frame("{not json"),
    did_open("test:///good.mlir", GOOD),
    # A refused document, fixed by a full change: now the server's.
    did_change("test:///types.mlir", 2, [{"text": GOOD}]),
    # An accepted document that an incremental change makes refused.
    did_change("test:///good.mlir", 2, [{
        "range": {"start": {"line": 1, "character": 2},
                  "end": {"line": 1, "character": 2}},
        "text": "%t = tensor.empty() : " + "tensor<" * 3000 + "f64" +
                ">" * 3000 + "\n  "}]),
    msg({"jsonrpc": "2.0", "id": 2, "method": "textDocument/documentSymbol",
         "params": {"textDocument": {"uri": "test:///types.mlir"}}}),
    msg({"jsonrpc": "2.0", "method": "textDocument/didClose",
         "params": {"textDocument": {"uri": "test:///reduce.mlir"}}}),
    msg({"jsonrpc": "2.0", "id": 3, "method": "shutdown"}),
    msg({"jsonrpc": "2.0", "method": "exit"}),
])

proc = subprocess.run([sys.argv[1]], input=stream, capture_output=True,
                      timeout=300)
out = proc.stdout
pos = 0
while pos < len(out):
    header_end = out.index(b"\r\n\r\n", pos)
    length = int(out[pos:header_end].split(b":")[1])
    body = json.loads(out[header_end + 4:header_end + 4 + length])
    pos = header_end + 4 + length
    if body.get("method") == "textDocument/publishDiagnostics":
        params = body["params"]
        print("diagnostics %s v%s: %s" % (
            params["uri"], params.get("version"),
            " | ".join("%d:%d %s" % (d["range"]["start"]["line"],
                                     d["range"]["start"]["character"],
                                     d["message"])
                       for d in params["diagnostics"]) or "none"))
    elif "error" in body:
        print("error %s: %d %s" % (json.dumps(body.get("id")),
                                   body["error"]["code"],
                                   body["error"]["message"]))
    elif "result" in body:
        result = body["result"]
        kind = "symbols" if isinstance(result, list) else type(result).__name__
        names = ",".join(s.get("name", "?") for s in result) \
            if isinstance(result, list) else ""
        print("result %s: %s %s" % (json.dumps(body.get("id")), kind, names))
    else:
        print("other: %s" % body.get("method"))
if b"Stack dump" in proc.stderr or proc.returncode < 0:
    sys.stderr.write(proc.stderr.decode(errors="replace")[-4000:])
print("exit status: %d" % proc.returncode)
