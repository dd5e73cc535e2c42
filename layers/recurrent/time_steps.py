"""Cutting a (batch, steps, ...) sequence into its time steps for a Python loop."""
from framework.tape import ACTIVE


def time_steps(sequence, reverse=False):
    """The (batch, ...) slices of ``sequence`` along axis 1, last first when ``reverse``.

    While a tape records, the sequence is cut in halves, and the halves in
    halves, down to single steps. Why: the gradient of each slice is a zero
    array the size of what it was cut from, so T slices cut straight from a
    (batch, T, features) tensor would cost T full-size arrays in the
    backward pass (T = 200 made that ten times slower than the rest of an
    LSTM's backward pass); halving costs about log2(T) of them.
    """
    steps = _halves(sequence) if ACTIVE else [sequence[:, t] for t in range(sequence.shape[1])]
    return steps[::-1] if reverse else steps


def _halves(part):
    n = part.shape[1]
    if n <= 2:
        return [part[:, t] for t in range(n)]
    mid = n // 2
    return _halves(part[:, :mid]) + _halves(part[:, mid:])
