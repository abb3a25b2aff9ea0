"""Hard's decisions are unchanged: a recorded per-deal file of each game's hard replays
deal for deal (``python3 -m benchmarks.lab replay``; more deals in the lab's report)."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.lab.replay import replay, run_of, table_of

EXPERIMENTS = Path(__file__).parent.parent / "benchmarks" / "lab" / "experiments"


@pytest.mark.slow
@pytest.mark.parametrize(("path", "seed"), [
    # The page's hard at 60 worlds against three medium players (twentieth pass).
    ("avissinia-saturation/avissinia-hard-typed-60-vs-medium-390000-390199.jsonl", 390000),
    # The page's hard at 60 worlds against three medium players (eighteenth pass).
    ("avinas-saturation/avinas-hard-60-vs-medium-290000-290199.jsonl", 290003),
    # The page's hard at its 600 samples against three medium players (recorded before the
    # levels were composed from parts).
    ("abyssinia-hard-vs-medium/abyssinia-hard-600-vs-medium-400000-400086.jsonl", 400000),
])
def test_hards_recorded_deals_replay_decision_for_decision(path: str, seed: int) -> None:
    [(replayed, same)] = replay(EXPERIMENTS / path, deals=1, seeds=[seed])
    assert replayed == seed and same


def test_a_replay_tells_a_changed_result_from_a_recorded_one(tmp_path: Path) -> None:
    """A recorded line that the setup no longer gives is reported as differing."""
    import json
    import shutil

    folder = EXPERIMENTS / "avissinia-saturation"
    name = "avissinia-hard-typed-60-vs-medium-390000-390199.jsonl"
    shutil.copy(folder / "experiment.json", tmp_path / "experiment.json")
    experiment = json.loads((tmp_path / "experiment.json").read_text())
    # The same deal with easy in hard's seat: a quick game whose result is recorded wrong.
    experiment["runs"][0]["seats"] = "easy,medium,medium,medium"
    experiment["runs"][0]["level"] = "easy"
    experiment["runs"][0]["level_iterations"] = None
    (tmp_path / "experiment.json").write_text(json.dumps(experiment))
    (tmp_path / name).write_text(json.dumps(
        {"seed": 5, "advantage": {"easy": 123.0, "medium": -123.0}}) + "\n")
    assert replay(tmp_path / name, deals=1) == [(5, False)]
    # and the deal's true line replays as the same
    (tmp_path / name).write_text(json.dumps(
        {"seed": 5, "advantage": table_of(run_of(tmp_path / name)).deal_seed(5)}) + "\n")
    assert replay(tmp_path / name, deals=1) == [(5, True)]


def test_the_experiments_index_is_generated_from_the_folders() -> None:
    """``INDEX.md`` is what ``python3 -m benchmarks.lab index`` writes from the experiment
    folders (a folder added or changed without regenerating it fails here), and every run
    it lists names files that exist."""
    from benchmarks.lab.experiments.index import experiments, index_text

    assert (EXPERIMENTS / "INDEX.md").read_text() == index_text()
    for folder, experiment in experiments():
        assert (folder / "README.md").exists()
        for run in experiment["runs"]:
            assert all((folder / name).exists() for name in run["files"])
