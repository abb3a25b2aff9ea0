"""Replays: a whole match in a link, and a stepper to walk through it.

A replay link carries ``(game, options, seed, actions)``, which replays a match exactly
(see ``base.py``).  Each action is written as its index among the legal actions at that
point.  Layout of the decoded bytes::

    version (1 byte) | flags (1 byte) | body (deflated if flagged) | check (4 bytes)
    body = name length, name, seed, options length, options JSON, action count, log

with every number an unsigned LEB128 varint and ``check`` the first 4 bytes of SHA-256
over version, flags and the plain body.  The header (game name, options) is deflated
only when that comes out shorter (``FLAG_DEFLATED``).  The whole is base64url without
padding, for a URL fragment (``#replay=...``), which browsers never send to the host.

The log, by version:

- **3** (written now): as 2, but the code keeps its trailing zero bits, so a decoder
  that reads past the end of the code has met damage or forgery and says so at once
  (``Decoder.overrun``), not after every move the link claims.
- **2** (still read): the indices arithmetic-coded, each with adaptive frequencies chosen
  by a context that holds what a cheap frozen predictor would play there
  (``replay_coding.py``, which says why and how).  A move the predictor foresaw costs a
  small fraction of a bit: a whole Abyssinia match of medium players (1,562 deals,
  21,567 moves) takes 61 characters of fragment instead of 4,851; one with a player who
  strays from the predictor a fifth of the time, 100 to 200.  Players the predictor
  does not foresee (the hard level) cost nearly what version 1 did (see
  ``benchmarks/replay_links.py``).
- **1** (still read): the indices packed into one mixed-radix number (little-endian bytes):
  ``log2(n)`` bits for a choice among ``n`` legal actions, a forced move nothing.

``decode_link`` validates everything (base64, version, check, structure, the game, its
options, every index against the legal actions) and raises ``ReplayError`` with a message
a person can act on; it never raises anything else.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import time
import zlib
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from . import i18n
from . import replay_coding as coding
from .base import Game, GameError, check_seed, options_from
from .engines import game_class
from .i18n import _, listing, pgettext
from .slices import run_to_end
from .strict_json import REPLAY_LINK, read_json

LINK_VERSION = 3  # what ``encode`` writes
READ_VERSIONS = (1, 2, 3)  # what ``decode`` reads
FLAG_DEFLATED = 1
CHECK_BYTES = 4
FRAGMENT_KEY = "replay"
MAX_LINK_CHARS = 100_000  # far above any real match; refuses absurd input cheaply
MAX_BODY_BYTES = 200_000  # a deflated body may not inflate beyond this
# The longest match a link may hold: a whole Abyssinia match of eight medium players is
# about 42,000 moves (benchmarks/replay_links.py).  A longer count is refused from the
# header, before any move is read.
MAX_ACTIONS = 50_000
# Options are flat settings; a scripted deck is one list of card codes inside them.
MAX_OPTIONS_DEPTH = 2
MAX_MOVES_READ = 10**9  # a count is read up to this, then refused by MAX_ACTIONS
SLICE_SECONDS = 0.008  # reading a long link hands control back to the page this often


class ReplayError(GameError):
    """A replay link that cannot be read: the message says why and what to do."""


@dataclass
class ReadProgress:
    """How far the reading of a link has come (the page shows it while a long match is
    read): moves read so far, of how many the link holds."""

    read: int = 0
    moves: int = 0


@dataclass(frozen=True)
class Replay:
    """What a replay link carries."""

    game: str
    options: dict[str, Any]
    seed: int
    actions: tuple[str, ...]

    @classmethod
    def of(cls, game: Game[Any, Any]) -> Replay:
        return cls(game.NAME, game.options_dict(), game.seed, tuple(game.history))

    def up_to(self, steps: int) -> Replay:
        """The same match cut after ``steps`` actions: the link to one finished deal is
        the match up to that deal's end (``ReplayStepper.deal_range(d)[1]``)."""
        return Replay(self.game, self.options, self.seed, self.actions[:max(0, steps)])

    def new_game(self) -> Game[Any, Any]:
        """The match at its start, from the seed and options.  The options are passed as
        data, never as keyword arguments, so an option named ``seed`` is refused as an
        unknown option like any other."""

        cls = game_class(self.game)
        return cls(options_from(cls.OPTIONS, self.options), check_seed(self.seed))

    def final_game(self) -> Game[Any, Any]:
        """The match after every action of the log."""
        game = self.new_game()
        for action in self.actions:
            game.apply(action)
        return game


# --- bytes ------------------------------------------------------------------------------
def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _part(what: str) -> str:
    """A part of a replay link in words, as its errors name it."""
    return {"game name": _("game name"), "seed": pgettext("replay link", "seed"),
            "options": pgettext("replay link", "options"),
            "number of moves": _("number of moves")}.get(what, what)


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def varint(self, what: str, limit: int) -> int:
        value = shift = 0
        while True:
            if self.at >= len(self.data):
                raise ReplayError(_("replay link is cut short (it ends inside the {part})").format(
                    part=_part(what)))
            byte = self.data[self.at]
            self.at += 1
            value |= (byte & 0x7F) << shift
            if value > limit:
                # Translators: {part} is a part of the link: its game name, seed, options...
                raise ReplayError(_("replay link is damaged: its {part} is out of range").format(
                    part=_part(what)))
            if not byte & 0x80:
                return value
            shift += 7

    def take(self, count: int, what: str) -> bytes:
        if self.at + count > len(self.data):
            raise ReplayError(_("replay link is cut short (it ends inside the {part})").format(
                part=_part(what)))
        chunk = self.data[self.at:self.at + count]
        self.at += count
        return chunk

    def rest(self) -> bytes:
        chunk = self.data[self.at:]
        self.at = len(self.data)
        return chunk


def _check(head: bytes, body: bytes) -> bytes:
    return hashlib.sha256(head + body).digest()[:CHECK_BYTES]


def _indices(replay: Replay) -> Iterator[tuple[int, list[str], Game[Any, Any]]]:
    """(index among the legal actions, their texts, the game before the action) for each
    action of the log."""
    game = replay.new_game()
    for number, text in enumerate(replay.actions, 1):
        legal = [str(a) for a in game.legal_actions()]
        try:
            index = legal.index(text)
        except ValueError:
            # Translators: {move} is the move's text as the replay keeps it (not translated).
            raise ReplayError(_("move {number} ({move}) is not legal at that point").format(
                number=number, move=repr(text))) from None
        yield index, legal, game
        game.apply(legal[index])


# --- encoding -----------------------------------------------------------------------------
def _log_v1(replay: Replay) -> bytes:
    """Version 1's log: the indices as one mixed-radix number."""
    packed = 0
    scale = 1
    for index, legal, _game in _indices(replay):
        packed += index * scale
        scale *= len(legal)
    return packed.to_bytes((packed.bit_length() + 7) // 8, "little")


def _log_v2(replay: Replay, keep_zeros: bool) -> bytes:
    """Version 2's and 3's log: the indices arithmetic-coded under the game's context
    model.  A forced move is not coded at all (both sides know it).  Version 3 keeps the
    code's trailing zero bits (``keep_zeros``)."""
    model = coding.model_for(replay.game)
    encoder = coding.Encoder()
    for index, legal, game in _indices(replay):
        if len(legal) > 1:
            model.encode(encoder, game, legal, index)
    return encoder.finish(keep_zeros)


def encode(replay: Replay | Game[Any, Any], *, version: int = LINK_VERSION) -> str:
    """The replay as base64url text (without the ``replay=`` key).  ``version`` 1 writes
    the old format (for tests of old links)."""
    if isinstance(replay, Game):
        replay = Replay.of(replay)
    if version not in READ_VERSIONS:
        raise ValueError(f"no replay link version {version}")
    if len(replay.actions) > MAX_ACTIONS:  # it would not open: say so now, not when opened
        raise ReplayError(_("this match has {count} moves, more than a replay link holds "
                            "({most}): export it from Saves instead").format(
            count=i18n.number(len(replay.actions)), most=i18n.number(MAX_ACTIONS)))
    log = _log_v1(replay) if version == 1 else _log_v2(replay, keep_zeros=version >= 3)
    name = replay.game.encode()
    # No options (the usual case) are written as nothing at all, not as "{}".
    options = json.dumps(replay.options, sort_keys=True, separators=(",", ":"),
                         ensure_ascii=False).encode() if replay.options else b""
    body = b"".join((
        _varint(len(name)), name, _varint(replay.seed), _varint(len(options)), options,
        _varint(len(replay.actions)), log,
    ))
    deflater = zlib.compressobj(9, zlib.DEFLATED, -15)
    deflated = deflater.compress(body) + deflater.flush()
    flags = FLAG_DEFLATED if len(deflated) < len(body) else 0
    head = bytes((version, flags))
    data = head + (deflated if flags else body) + _check(head, body)
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def fragment(replay: Replay | Game[Any, Any]) -> str:
    """The URL fragment (without ``#``) that opens this replay: ``replay=...``."""
    return f"{FRAGMENT_KEY}={encode(replay)}"


# --- decoding -----------------------------------------------------------------------------
def _again() -> str:
    # Translators: the advice that ends a broken replay link's messages, after a colon.
    return _("ask whoever shared it to copy the replay link again")


def _unbase64(text: str) -> bytes:
    if not isinstance(text, str):
        raise ReplayError(_("a replay link must be text"))
    text = text.strip()
    if not text:
        # Translators: 'replay=' is the link's own text (not translated).
        raise ReplayError(_("the replay link is empty: copy the whole link, including "
                            "everything after 'replay='"))
    if len(text) > MAX_LINK_CHARS:
        raise ReplayError(_("the replay link is far too long to be one of ours"))
    alphabet = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    stray = sorted({c for c in text if c not in alphabet})
    if stray:
        shown = " ".join(repr(c) for c in stray[:5])
        # Translators: {characters} lists the stray characters, each in quotes.
        raise ReplayError(_("the replay link has characters that do not belong in it "
                            "({characters}): it was probably cut or changed when it was "
                            "pasted").format(characters=shown))
    if len(text) % 4 == 1:
        # Translators: {advice} is "ask whoever shared it to copy the replay link again".
        raise ReplayError(_("the replay link is cut short or has a character too many: "
                            "{advice}").format(advice=_again()))
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError) as exc:  # no other way in, but never let one out
        raise ReplayError(_("the replay link cannot be read ({reason}): {advice}").format(
            reason=exc, advice=_again())) from exc
    # The last character may carry unused bits: only the canonical spelling is ours, so
    # that no edit of a link goes unnoticed.
    if base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii") != text:
        raise ReplayError(_("the replay link has been damaged or altered at its end: "
                            "{advice}").format(advice=_again()))
    return data


def _inflate(data: bytes) -> bytes:
    inflater = zlib.decompressobj(-15)
    try:
        body = inflater.decompress(data, MAX_BODY_BYTES)
    except zlib.error as exc:
        raise ReplayError(_("the replay link is damaged (it does not unpack): {advice}").format(
            advice=_again())) from exc
    if inflater.unconsumed_tail or not inflater.eof or inflater.unused_data:
        raise ReplayError(_("the replay link is damaged (it does not unpack): {advice}").format(
            advice=_again()))
    return body


def decode(text: str) -> Replay:
    """Read a replay link (the part after ``replay=``); raise ReplayError if it is bad."""
    replay, _game = run_to_end(decode_steps(text))
    return replay


Reading = Generator[None, None, tuple["Replay", Game[Any, Any]]]


def decode_steps(text: str, progress: ReadProgress | None = None) -> Reading:
    """``decode`` in slices: yields every ``SLICE_SECONDS`` (a long Abyssinia match is some
    40,000 moves, seconds to read on the page) and returns the replay with the match after
    its last move (read on the way: no second playing of the log).  Raises ReplayError."""
    data = _unbase64(text)
    if len(data) < 2 + CHECK_BYTES:
        raise ReplayError(_("the replay link is cut short: {advice}").format(advice=_again()))
    version, flags = data[0], data[1]
    if version not in READ_VERSIONS:
        # Translators: {versions} lists the versions read: "1, 2 and 3".
        raise ReplayError(_("this replay link is of version {version}, which this copy of the "
                            "site does not read (it reads versions {versions}): open it on the "
                            "site it came from, or update this one").format(
            version=version, versions=listing([str(v) for v in READ_VERSIONS])))
    if flags & ~FLAG_DEFLATED:
        raise ReplayError(_("the replay link is damaged (unknown flags): {advice}").format(
            advice=_again()))
    stored = data[2:]
    body, check = stored[:-CHECK_BYTES], stored[-CHECK_BYTES:]
    if flags & FLAG_DEFLATED:
        body = _inflate(body)
    if _check(data[:2], body) != check:
        raise ReplayError(_("the replay link has been damaged or altered (its check does not "
                            "match): it may have been cut when it was pasted; {advice}").format(
            advice=_again()))
    return (yield from _parse_body(body, version, progress or ReadProgress()))


class Slices:
    """Says when a slice of time is used up, so sliced work (reading a link, laying out a
    match, a review) hands control back to the page.  ``number`` lets a cheap loop read
    the clock only every 16th time."""

    def __init__(self) -> None:
        self.start = time.perf_counter()

    def due(self, number: int = 0) -> bool:
        if number % 16 or time.perf_counter() - self.start < SLICE_SECONDS:
            return False
        self.start = time.perf_counter()
        return True


def _parse_body(body: bytes, version: int, progress: ReadProgress) -> Reading:
    from .base import MAX_SEED
    from .engines import GAMES

    reader = _Reader(body)
    name_bytes = reader.take(reader.varint("game name", 64), "game name")
    try:
        name = name_bytes.decode()
    except UnicodeDecodeError:
        raise ReplayError(_("the replay link is damaged: its game name is unreadable")) from None
    if name not in GAMES:
        # Translators: {name} is the game the link names, {games} the site's games as links
        # name them (not translated).
        raise ReplayError(_("the replay link is for a game this site does not have ({name}; "
                            "it has {games})").format(name=repr(name), games=", ".join(GAMES)))
    seed = reader.varint("seed", MAX_SEED)
    raw = reader.take(reader.varint("options", MAX_BODY_BYTES), "options")
    # The strict reader: bounded in size and depth, plain data only.
    options = read_json(raw, MAX_OPTIONS_DEPTH, REPLAY_LINK, ReplayError) if raw \
        else {}
    if not isinstance(options, dict):
        raise ReplayError(_("the replay link is damaged: its options are not a set of settings"))
    count = reader.varint("number of moves", MAX_MOVES_READ)
    if count > MAX_ACTIONS:
        raise ReplayError(_("the replay link claims {count} moves: no match this site links to "
                            "is longer than {most}").format(count=i18n.number(count),
                                                            most=i18n.number(MAX_ACTIONS)))
    log = reader.rest()
    progress.moves = count
    try:
        game = Replay(name, options, seed, ()).new_game()
    except GameError as exc:
        raise ReplayError(_("the replay link has settings this site does not accept: "
                            "{reason}").format(reason=exc)) from exc
    if version == 1:
        actions = yield from _read_v1(game, count, log, progress)
    else:
        actions = yield from _read_v2(game, count, log, progress, keep_zeros=version >= 3)
    # The options as the game holds them: the link's own spelling is not kept.
    return Replay(name, game.options_dict(), seed, tuple(actions)), game


def _next_legal(game: Game[Any, Any], number: int, count: int) -> list[str]:
    legal = [str(a) for a in game.legal_actions()]
    if not legal:
        raise ReplayError(_("the replay link is damaged: it has {count} moves but the match "
                            "ends after {played}").format(count=count, played=number - 1))
    return legal


def _play(game: Game[Any, Any], number: int, action: str) -> None:
    try:
        game.apply(action)
    except GameError as exc:  # the rules disagree with their own legal list: a bug
        raise ReplayError(_("move {number} of the replay cannot be played: {reason}").format(
            number=number, reason=exc)) from exc


def _read_moves(game: Game[Any, Any], count: int, pick: Callable[[list[str]], int],
                progress: ReadProgress) -> Generator[None, None, list[str]]:
    """Play ``count`` moves on ``game``, each the legal action ``pick`` reads from the log."""
    actions: list[str] = []
    clock = Slices()
    for number in range(1, count + 1):
        if clock.due(number):
            progress.read = number - 1
            yield
        legal = _next_legal(game, number, count)
        action = legal[pick(legal)]
        _play(game, number, action)
        actions.append(action)
    return actions


def _read_v1(game: Game[Any, Any], count: int, log: bytes, progress: ReadProgress
             ) -> Generator[None, None, list[str]]:
    packed = int.from_bytes(log, "little")

    def pick(legal: list[str]) -> int:
        nonlocal packed
        packed, index = divmod(packed, len(legal))
        return index

    actions = yield from _read_moves(game, count, pick, progress)
    if packed:
        raise ReplayError(_("the replay link is damaged: it holds more than its moves"))
    return actions


def _read_v2(game: Game[Any, Any], count: int, log: bytes, progress: ReadProgress,
             keep_zeros: bool) -> Generator[None, None, list[str]]:
    model = coding.model_for(game.NAME)
    decoder = coding.Decoder(log)

    def pick(legal: list[str]) -> int:
        if len(legal) == 1:
            return 0
        index = model.decode(decoder, game, legal)
        if keep_zeros and decoder.overrun():
            raise ReplayError(_("the replay link is damaged: it holds fewer moves than it says"))
        return index

    actions = yield from _read_moves(game, count, pick, progress)
    # Only the shortest spelling of these moves is a link: anything more (or different)
    # is damage, even if it decoded to moves.
    encoder = coding.Encoder()
    for step in decoder.coded:
        encoder.code(*step)
    if encoder.finish(keep_zeros) != log:
        raise ReplayError(_("the replay link is damaged: it holds more than its moves"))
    return actions


def decode_fragment(fragment_text: str) -> Replay | None:
    """The replay named by a URL fragment (with or without ``#``), or None if it names
    none; a ``replay=`` that cannot be read raises ReplayError."""
    value = fragment_value(fragment_text)
    return None if value is None else decode(value)


def fragment_value(fragment_text: str) -> str | None:
    """The ``replay=`` part of a URL fragment (with or without ``#``), or None."""
    if not isinstance(fragment_text, str):
        return None
    for part in fragment_text.lstrip("#").split("&"):
        key, _, value = part.partition("=")
        if key == FRAGMENT_KEY:
            return value
    return None


def link_lengths(replay: Replay | Game[Any, Any], link: str | None = None) -> dict[str, int]:
    """How long the link's fragment is (``replay=`` and all), and how long it would be
    with other packings of the log (for the benchmark): version 1 (mixed radix), and one
    byte per action index, deflated and through lzma (the standard library's coders).
    ``link`` is ``encode(replay)`` if the caller has it already."""
    import lzma

    if isinstance(replay, Game):
        replay = Replay.of(replay)
    indices = bytes(min(i, 255) for i, _, _ in _indices(replay))
    deflater = zlib.compressobj(9, zlib.DEFLATED, -15)
    deflated = deflater.compress(indices) + deflater.flush()
    xz = lzma.compress(indices, format=lzma.FORMAT_RAW,
                       filters=[{"id": lzma.FILTER_LZMA2, "preset": 9}])
    key = len(FRAGMENT_KEY) + 1
    v1 = key + len(encode(replay, version=1))

    def as_link(log_bytes: int) -> int:  # the v1 link with this log instead of its own
        return v1 - (len(_log_v1(replay)) * 4 + 2) // 3 + (log_bytes * 4 + 2) // 3

    return {
        "link": key + len(link if link is not None else encode(replay)),
        "actions": len(replay.actions),
        "v1": v1,
        "bytes_deflated": as_link(len(deflated)),
        "bytes_lzma": as_link(len(xz)),
    }


# --- the stepper ------------------------------------------------------------------------
CHECKPOINT_EVERY = 32  # states kept every so many steps; the rest are replayed from them


class ReplayStepper:
    """The states of a replayed match, step by step.

    Step ``k`` is the match after its first ``k`` actions (step 0: the first deal dealt,
    nobody has played; the last step: after the last action).  Deals (rounds, hands) are
    numbered from 0; ``deal_starts[d]`` is the step at which deal ``d`` begins, and the
    step at which it ends is the next deal's start (there the game's records hold the
    finished deal, and the view shows its summary).
    """

    def __init__(self, replay: Replay | Game[Any, Any]) -> None:
        run_to_end(self._build(replay))

    @classmethod
    def sliced(cls, replay: Replay | Game[Any, Any]) -> Generator[None, None, ReplayStepper]:
        """A stepper made in slices: a long match's checkpoints take seconds on the page."""
        stepper = cls.__new__(cls)
        yield from stepper._build(replay)
        return stepper

    def _build(self, replay: Replay | Game[Any, Any]) -> Generator[None, None, None]:
        if isinstance(replay, Game):
            replay = Replay.of(replay)
        self.replay = replay
        game = replay.new_game()
        self._checkpoints: list[Game[Any, Any]] = [game.clone()]
        self.movers: list[int] = []  # the seat that made each action
        self.deal_starts: list[int] = [0]
        clock = Slices()
        for number, action in enumerate(replay.actions, 1):
            if clock.due(number):
                yield
            seat = game.current_player
            try:
                game.apply(action)
            except GameError as exc:
                raise ReplayError(_("move {number} of the replay cannot be played: "
                                    "{reason}").format(number=number, reason=exc)) from exc
            self.movers.append(-1 if seat is None else seat)
            if game.deals_finished >= len(self.deal_starts) and not game.is_over:
                self.deal_starts.append(number)
            if number % CHECKPOINT_EVERY == 0:
                self._checkpoints.append(game.clone())
        self.final = game
        self.step = 0
        self._cache: tuple[int, Game[Any, Any]] = (0, self._checkpoints[0].clone())

    # --- positions --------------------------------------------------------------------
    @property
    def steps(self) -> int:
        """The last step: the number of actions."""
        return len(self.replay.actions)

    @property
    def deals(self) -> int:
        return len(self.deal_starts)

    def deal_of(self, step: int | None = None) -> int:
        """The deal that step ``step`` (default: the current one) is part of; a deal's
        last step, where its summary shows, belongs to it."""
        step = self.step if step is None else step
        deal = 0
        for number, start in enumerate(self.deal_starts):
            if start < step or start == 0:
                deal = number
        return deal

    def deal_range(self, deal: int) -> tuple[int, int]:
        """(first step, last step) of ``deal``."""
        self._check_deal(deal)
        end = self.deal_starts[deal + 1] if deal + 1 < self.deals else self.steps
        return self.deal_starts[deal], end

    def _check_deal(self, deal: int) -> None:
        if not 0 <= deal < self.deals:
            raise ReplayError(_("there is no deal {number} in this replay (it has {count})").format(
                number=deal + 1, count=self.deals))

    # --- moving -------------------------------------------------------------------------
    def go(self, step: int) -> Game[Any, Any]:
        """Move to ``step`` (clamped to the replay) and return the state there: a copy the
        caller may keep, not the stepper's own."""
        self.step = max(0, min(self.steps, step))
        return self.state().clone()

    def forward(self) -> Game[Any, Any]:
        return self.go(self.step + 1)

    def back(self) -> Game[Any, Any]:
        return self.go(self.step - 1)

    def jump_to_deal(self, deal: int, *, end: bool = False) -> Game[Any, Any]:
        """To the start of ``deal`` (or its last step, with ``end``)."""
        first, last = self.deal_range(deal)
        return self.go(last if end else first)

    def state(self) -> Game[Any, Any]:
        """The state at the current step (the stepper's own: do not change it)."""
        at, game = self._cache
        if at != self.step:
            if not at <= self.step <= at + CHECKPOINT_EVERY:
                at = self.step - self.step % CHECKPOINT_EVERY
                game = self._checkpoints[at // CHECKPOINT_EVERY].clone()
            for action in self.replay.actions[at:self.step]:
                game.apply(action)
            self._cache = (self.step, game)
        return game

    def last_mover(self) -> int | None:
        """The seat whose action led to the current step (None at step 0)."""
        return self.movers[self.step - 1] if self.step else None

    def view(self, seat: int = 0, *, face_up: bool = True) -> dict[str, Any]:
        """What the table draws at the current step, as ``seat`` sees it.

        With ``face_up`` (the deal is over, nothing is secret any more) the observation
        also carries ``face_up``: every seat's hand at this step, so a view can draw the
        other hands face up instead of their backs.  It has no ``legal`` actions: a replay
        is watched, not played.
        """
        game = self.state()
        obs: dict[str, Any] = dict(game.observation(seat))
        obs["legal"] = []
        obs["replay"] = {"step": self.step, "steps": self.steps, "deal": self.deal_of(),
                         "deals": self.deals, "face_up": face_up}
        if face_up:
            obs["face_up"] = face_up_hands(game)
        return obs


def face_up_hands(game: Game[Any, Any]) -> list[list[str]]:
    """Every seat's hand (card codes) in ``game``.

    Every engine's ``full_state()`` lists the hands under ``hands``; a game whose hands
    are elsewhere provides ``face_up_hands(self)`` in its own class instead.
    """
    own = getattr(game, "face_up_hands", None)
    if callable(own):
        hands: list[list[str]] = own()
        return hands
    state = game.full_state()
    return [[str(c) for c in hand] for hand in state["hands"]]


def summary_steps(stepper: ReplayStepper) -> Sequence[int]:
    """The step at which each finished deal ends (where its summary shows)."""
    return [stepper.deal_range(d)[1] for d in range(stepper.deals)
            if d + 1 < stepper.deals or stepper.final.is_over]
