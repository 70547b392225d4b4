"""Run by path: import the modules named on the command line, print every module then loaded (JSON)."""

import importlib
import json
import sys

for name in sys.argv[1:]:
    importlib.import_module(name)
print(json.dumps(sorted(sys.modules)))
