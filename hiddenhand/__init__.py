"""hiddenhand: one rules engine for hidden-identity board games."""

__version__ = "0.1.0"
