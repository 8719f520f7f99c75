"""The sb3-contrib example runs end to end (two tiny iterations); nothing else needs torch."""

import subprocess
import sys

from hiddenhand.rl.maskable_ppo import main


def test_maskable_ppo_trains_two_iterations_and_evaluates(capsys):
    main(["--iterations", "2", "--n-steps", "32", "--batch-size", "16", "--eval-games", "2"])
    out = capsys.readouterr().out
    assert "2 iterations of 32 steps" in out and "heuristic" in out


def test_the_environments_and_the_cli_do_not_need_torch():
    code = (
        "import sys, hiddenhand.cli, hiddenhand.rl.pettingzoo, hiddenhand.rl.gymnasium; "
        "assert not {'torch', 'stable_baselines3', 'sb3_contrib'} & set(sys.modules)"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
