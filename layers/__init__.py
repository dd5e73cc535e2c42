"""Keras-style layers and models for tapeflow (see issue: training)."""
