"""The gradient of a projected sequence that an RNN's loop reads one time step at a time.

Cut from a recorded (batch, steps, units) projection by getitem, every step's gradient was a zero
array the size of the whole sequence with that step filled in (time_steps.py halves the cut: still
about 2 log2(T) sequence-sized arrays per sweep, ~0.7 ms of an LSTM(32)'s 20-step backward pass
over a tracked input: a stacked RNN's, an Embedding's). In a first-order sweep on arrays each step's
slice op gives its own (batch, units) gradient instead, kept in this object; the sweep adds them
(``prev + gx``: steps are disjoint, so adding is collecting) and the projection's rules read the
dense array once.

``dense()`` keeps the cut's bits: zeros where no gradient came, and once two steps or more have one,
every value has had a zero added to it in the cut's tree of halves (a -0.0 became +0.0), so it adds
+0.0 then; one step alone came through no addition.
"""
from framework import backend


class StepGradients:
    """Per-step gradients ``{t: (batch, ...) array}`` of a sequence of ``shape`` (batch, steps, ...)."""
    __slots__ = ('steps', 'shape', 'dtype', '_dense')
    __array_ufunc__ = None      # ``ndarray + steps`` comes to __radd__ instead of numpy

    def __init__(self, steps, shape, dtype):
        self.steps, self.shape, self.dtype, self._dense = steps, shape, dtype, None

    def __add__(self, other):
        if type(other) is not StepGradients:
            return self.dense() + other
        # the sweep's ``prev + gx``: prev is its own (no one else holds it), so it collects in place
        steps = self.steps
        for t, g in other.steps.items():
            steps[t] = steps[t] + g if t in steps else g
        self._dense = None
        return self

    def __radd__(self, other):
        return other + self.dense()

    def dense(self):
        """The sequence's gradient as one array (made once: the input's, kernel's and bias's rules read it)."""
        if self._dense is None:
            first = next(iter(self.steps.values()))
            dense = backend.array_module(first).zeros(self.shape, self.dtype)
            for t, g in self.steps.items():
                dense[:, t] = g
            if len(self.steps) > 1:
                dense += self.dtype.type(0)
            self._dense = dense
        return self._dense


def dense_gradient(g):
    """``g`` as an array: a StepGradients made dense, anything else as it is."""
    return g.dense() if type(g) is StepGradients else g
