"""Parses every response example of openapi.yaml with a generated package's models.

python parse_examples.py PACKAGE EXAMPLES.json -- prints one line per example the models refuse.
"""
import importlib
import json
import os
import sys

sys.path.insert(0, os.getcwd())
models = importlib.import_module(f"{sys.argv[1]}.models")
for e in json.load(open(sys.argv[2])):
    try:
        getattr(models, e["schema"]).from_dict(e["value"])
    except Exception as x:  # noqa: BLE001 - any refusal is reported
        detail = " ".join(str(x).split())[:300]
        print(f"example refused: {e['where']} as {e['schema']}: {type(x).__name__}: {detail}")
