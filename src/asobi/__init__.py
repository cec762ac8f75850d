"""asobi — tabletop games played and studied on a computer, with their printed rules enforced."""

__version__ = "0.1.0"
