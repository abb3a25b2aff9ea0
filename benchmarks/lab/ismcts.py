"""Information-set Monte Carlo tree search (single observer: SO-ISMCTS).

Cowling, Powley and Whitehouse (2012), "Information Set Monte Carlo Tree Search".  Where
PIMC (``search.pimc``) searches every sampled world on its own and averages, so each world's
playouts choose with that world's hidden cards in view (strategy fusion), ISMCTS grows one
tree over the moves made from the searching player's information set and descends it with
a fresh world each iteration.  A node's statistics are shared by every world that reached
it, so the searching player's later choices in the tree are made without knowing which
world it is in.  A move is selectable in a world only where it is legal there: each child
counts the iterations it was available (``available``), and UCB uses that count in place of
the parent's visits.  Below the tree the world is played to its end by the playout policy.

Each iteration adds one node, so at the page's budget the tree is a few plies deep: the
root's candidates, and the next players' replies.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Collection, Generator, Hashable, Sequence
from typing import Any, Protocol, TypeVar

from pygame_core.opponents.search import Budget


class TreeWorld(Protocol):
    """A sampled world the tree can walk: every card known, moves as hashable tuples."""

    @property
    def player(self) -> int: ...  # the seat to move

    def moves(self) -> Sequence[Hashable]: ...  # the player to move's distinct moves

    def make(self, move: Any) -> None: ...  # one of ``moves()``

    def finished(self) -> bool: ...  # the search's horizon (for example the round's end)

    def margins(self) -> Sequence[float]: ...  # every seat's result, each to be maximised


WorldT = TypeVar("WorldT", bound=TreeWorld)


class Node:
    """The moves made so far from the root, with the statistics of the last one: its
    ``visits``, the ``total`` result of the seat that made it, and the iterations in which
    it was legal (``available``)."""

    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Hashable, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0


def select(node: Node, moves: Sequence[Hashable], exploration: float) -> Hashable:
    """The child to descend among ``moves`` (all already in the tree): the best upper
    confidence bound, with each child's availability counting as its parent's visits."""
    best = moves[0]
    best_bound = -math.inf
    for move in moves:
        child = node.children[move]
        bound = (child.total / child.visits
                 + exploration * math.sqrt(math.log(child.available) / child.visits))
        if bound > best_bound:
            best, best_bound = move, bound
    return best


def ismcts(
    sample_world: Callable[[], WorldT],
    policy: Callable[[WorldT], Hashable],
    budget: Budget,
    exploration: float,
    searching: Collection[int] | None = None,
) -> Generator[None, None, tuple[Node, int]]:
    """Grow a tree from worlds drawn by ``sample_world`` (each a fresh copy at the root, its
    player the searching seat) within ``budget`` (iterations: one playout each); return the
    root and the iterations run.  A new node's first move is the one ``policy`` would make
    if that is not yet in the tree, else the first new one, so the tree grows along the
    playouts' own line first.  ``exploration`` is UCB's constant, in the results' units.

    With ``searching``, only those seats choose in the tree; the others play ``policy``
    there too (a model of how they play, as in the playouts), their moves still
    branching the tree, so a searching seat's later node is what it has seen since."""
    root = Node()
    clock = time.perf_counter
    started = slice_start = clock()
    done = 0
    path: list[tuple[Node, int]] = []
    while done < budget.iterations:
        world = sample_world()
        node = root
        path.clear()
        while not world.finished():
            children = node.children
            if searching is not None and world.player not in searching:
                move = policy(world)
                child = children.get(move)
                if child is None:
                    child = children[move] = Node()
                path.append((child, world.player))
                world.make(move)
                node = child
                continue  # not a node the search chooses at: no expansion spent
            moves = world.moves()
            fresh = [m for m in moves if m not in children]
            if fresh:
                preferred = policy(world)
                move = preferred if preferred in fresh else fresh[0]
                children[move] = Node()
            else:
                move = select(node, moves, exploration)
            for m in moves:  # the moves legal in this world, among those in the tree
                child = children.get(m)
                if child is not None:
                    child.available += 1
            path.append((children[move], world.player))
            world.make(move)
            node = children[move]
            if fresh:
                break
        while not world.finished():
            world.make(policy(world))
        margins = world.margins()
        for child, seat in path:
            child.visits += 1
            child.total += margins[seat]
        done += 1
        if clock() - slice_start > budget.slice_seconds:
            yield
            slice_start = clock()
        if budget.seconds is not None and clock() - started > budget.seconds:
            break
    return root, done


def most_visited(root: Node) -> Hashable:
    """The root move searched most (its mean breaks a tie): the usual final choice, as the
    most visited move's mean is the best estimated."""
    return max(root.children, key=lambda m: (root.children[m].visits,
                                             root.children[m].total / root.children[m].visits))
