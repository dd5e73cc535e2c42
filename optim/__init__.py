"""Optimizers and learning-rate schedules for tapeflow (see issue: training)."""
