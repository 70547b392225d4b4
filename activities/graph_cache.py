"""Compiled agent graphs, kept between calls.

Building a LangChain agent (`create_agent`, `create_deep_agent`) compiles a LangGraph
graph, a cost no agent turn or grader pass should pay again for the same inputs. A compiled graph holds no per-run state (each `ainvoke` gets its own),
so calls built from the same model, tools, prompt and output schema share one.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

DEFAULT_SIZE = 128


class GraphCache:
    """A bounded LRU of compiled graphs by the key of what built them."""

    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        self._size = size
        self._graphs: OrderedDict[Hashable, Any] = OrderedDict()

    def get(self, key: Hashable, build: Callable[[], Any]) -> Any:
        graph = self._graphs.get(key)
        if graph is None:
            graph = self._graphs[key] = build()
            if len(self._graphs) > self._size:
                self._graphs.popitem(last=False)
        else:
            self._graphs.move_to_end(key)
        return graph

    def __len__(self) -> int:
        return len(self._graphs)
