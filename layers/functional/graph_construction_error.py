"""The exception class a functional build raises when a layer's call fails on the symbolic inputs.

Keras 3's TF backend runs such a call on graph placeholders, where no kernel runs: TensorFlow's
shape inference refuses what cannot fit (a Reshape of the wrong size, a MatMul or Add of
mismatched shapes, a Concat or Split that does not divide) with ValueError, at graph construction.
tapeflow runs the call on zeros, whose kernels raise InvalidArgumentError; that class is TensorFlow's
for the same failure at run time, so here it becomes ValueError with the same text and notes
(progs/kerasio11/d14a.py: reshape, matmul, add, concat, slice and split all ValueError on TF 2.21).
Other classes pass through: an UnimplementedError (a Cast from strings) is a run-time failure on TF too.
"""
from framework.errors import InvalidArgumentError


def as_graph_construction_error(err):
    """``err``, or a ValueError with its message, notes and traceback for an InvalidArgumentError."""
    if not isinstance(err, InvalidArgumentError):
        return err
    error = ValueError(*err.args)
    error._keras_call_info_injected = getattr(err, '_keras_call_info_injected', False)
    for note in getattr(err, '__notes__', ()):
        error.add_note(note)
    return error.with_traceback(err.__traceback__)
