"""Batch simulation and benchmarks."""
