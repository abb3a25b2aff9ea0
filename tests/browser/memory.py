"""What a page keeps alive, in chromium's own counts (the DevTools protocol), for the
browser tests and benchmarks/soak.py (kept out of conftest.py so a benchmark can import it
without pytest's fixtures)."""

from __future__ import annotations

from typing import Any


class Counters:
    """A page's DOM counters after a forced garbage collection."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.send("HeapProfiler.enable")

    def collect(self) -> None:
        # Twice: the first collection's finalizers (Pyodide releases the JavaScript objects
        # Python held from a FinalizationRegistry) let go of more for the second.
        for _ in range(2):
            self.cdp.send("HeapProfiler.collectGarbage")

    def kept(self) -> dict[str, int]:
        """``nodes``, ``documents`` and ``jsEventListeners`` alive after a collection."""
        self.collect()
        return {k: int(v) for k, v in self.cdp.send("Memory.getDOMCounters").items()}
