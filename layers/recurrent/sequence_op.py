"""A whole recurrent loop recorded as one tape op (lstm_sequence, gru_sequence, simple_rnn_sequence).

Each such op back-propagates through time in one walk that gives every input's gradient at once;
the tape asks its inputs one by one, so each input's rule calls the shared walk (which computes
once per output gradient ``g``) and takes its own part.
"""
from framework.ops.operands import record
from framework.tape import array_rule


def record_sequence(name, inputs, out, array_walk, tensor_walk):
    """Record ``out`` as the op ``name`` of ``inputs``: input k's gradient is part k of
    ``array_walk(g)`` on raw arrays, or of ``tensor_walk(g, tensors)`` (framework ops) where
    another tape records the sweep."""
    rules = tuple(array_rule(_tensor_rule(tensor_walk, k), _array_rule(array_walk, k)) for k in range(len(inputs)))
    record(name, inputs, out, rules)


def once_per_gradient(walk):
    """``walk(g, ...)`` computed once for each output gradient ``g``: the tape asks every input's rule in
    turn with the same ``g``, and each takes its part of the one walk."""
    last = [None, None]

    def cached(g, *rest):
        if last[0] is not g:
            last[1] = walk(g, *rest)
            last[0] = g
        return last[1]
    return cached


def _array_rule(walk, k):
    return lambda g, out, *arrays: walk(g)[k]


def _tensor_rule(walk, k):
    return lambda g, out, *tensors: walk(g, tensors)[k]
