"""The table session: one object that owns a game being played and every decision about it
(``commands.Session``), run by the page (``web/main.py``) and the terminal alike.

``core`` plays the game (moves, opponents, saving, undo, hints); ``screen`` shows it (start,
table, saves); ``replay_screen``, ``review_screen`` and ``embed_screen`` add the replay, the
Review panel and the Embed dialog; ``commands`` puts them together with the panels and the
command table.  ``storage`` owns every storage key and stored format, ``host`` the host
page's messages, ``history`` the match's moves in words and undo.
"""
