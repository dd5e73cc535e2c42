"""The operands of the one-row product parity programs, drawn as those programs drew them
(shared by the oneDNN-on and oneDNN-off tests, whose TF goldens come from the same arrays)."""
import numpy as np


def one_row_operands(depth, width, dtype):
    """(a (1, depth), b (depth, width)) of ``dtype``: smooth values whose products do not cancel."""
    a = (3 * np.sin(np.arange(depth) * 0.37 + 0.1)).astype(dtype)[None, :]
    b = np.cos(np.arange(depth * width).reshape(depth, width) * 0.113).astype(dtype)
    return a, b


def one_column_gradient_draws():
    """(a, b, w, x, y, weights) of the one-column gradient program, in its order of draws."""
    rng = np.random.default_rng(7)
    for _ in range(3):
        rng.normal(size=(26, 1))           # a first case the program printed, not kept here
    a = rng.normal(size=(40, 1)).astype(np.float32)
    b = rng.normal(size=(1, 5)).astype(np.float32)
    w = rng.normal(size=(40, 5)).astype(np.float32)
    x = rng.normal(size=(26, 1)).astype(np.float32)
    y = rng.normal(size=(26, 1)).astype(np.float32)
    weights = rng.normal(size=(26,)).astype(np.float32)
    return a, b, w, x, y, weights
