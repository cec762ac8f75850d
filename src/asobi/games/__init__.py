"""The games. Each subpackage registers itself with :mod:`asobi.core.registry` on import."""
