# SPDX-License-Identifier: MIT
"""The rules engine, players and analysis of Dominoes Studio (docs/python.md).

The engine is the extension module ``dominoes._dominoes``; this package re-exports it and adds the
reinforcement-learning environment (``dominoes.env``).
"""
from ._dominoes import *  # noqa: F401,F403
from ._dominoes import __version__  # noqa: F401
from . import env  # noqa: F401,E402
from .env import DominoesEnv  # noqa: F401,E402
from .engine import Engine, serve  # noqa: F401,E402
