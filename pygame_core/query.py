"""An address's query as text, below every layer that writes one (the share link, the
Embed dialog's snippets)."""

from __future__ import annotations

from collections.abc import Mapping

# Characters a query value may hold unescaped.  Our links carry numbers, booleans, names,
# levels and card codes, which never need escaping.
_PLAIN = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789,.-_")


def encode_query(params: Mapping[str, str]) -> str:
    """``urlencode``, without importing urllib.parse when nothing needs escaping: that
    import costs about 50 ms of the page's start under Pyodide, for links that are plain."""
    if all(_PLAIN.issuperset(k) and _PLAIN.issuperset(v) for k, v in params.items()):
        return "&".join(f"{k}={v}" for k, v in params.items())
    from urllib.parse import urlencode  # rare: only for unusual values

    return urlencode(params)
