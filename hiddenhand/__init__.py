"""hiddenhand: one rules engine for hidden-identity board games."""

from hiddenhand.native import install_pure, pure_forced

__version__ = "0.1.0"

if pure_forced():  # HIDDENHAND_PURE=1: the pure-Python modules, even where a native build is
    install_pure()
