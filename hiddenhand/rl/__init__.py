"""Reinforcement learning: observation tensors, PettingZoo and OpenSpiel environments.

The adapters import numpy, gymnasium, pettingzoo or pyspiel (the `rl` extra); import the
submodule you need (`hiddenhand.rl.pettingzoo`, `hiddenhand.rl.openspiel`). docs/rl.md
describes them.
"""
