"""tf.einsum of an operand with an open length beside one that fixes that letter's length, in a stand-in run.

get_concrete_function runs a trace on stand-in values: an open length (None) is 1, then 12. TF 2.21's graph
merges the lengths an einsum letter has in its operands, so x of (None, 4) beside np.ones((2, 4)) in
einsum('ij,ij->i', ...) builds 'einsum/Einsum:0' of shape (2,), where the kernel would refuse the stand-in's 1
against 2 ('Expected dimension 1 at axis 0 ...') and the trace be lost. There the stand-in's axis is repeated or
cut to the fixed length: its values are never read. A call on real values (the graph's run) is left to the
kernel, which refuses mismatched lengths as TF's run does. (stand_in_lengths.py: the same for concat and stack.)
"""
from .. import trace_names
from ..tensor import Tensor
from .stand_in_lengths import in_stand_in_run, resized_axis, traced_shape


def matched(specs, tensors):
    """``tensors`` (the operands of the letters ``specs``), each stand-in axis that a trace leaves open resized
    to the length another operand fixes for its letter; ``tensors`` itself outside a stand-in run."""
    if not in_stand_in_run() or any('.' in spec for spec in specs):
        return tensors
    traced = [traced_shape(t) for t in tensors]
    fixed = {}
    for spec, shape in zip(specs, traced):
        if len(spec) != len(shape):
            return tensors          # (the rank checks that follow say what is wrong)
        for letter, length in zip(spec, shape):
            if length is not None:
                fixed.setdefault(letter, length)
    resized = []
    for spec, t, shape in zip(specs, tensors, traced):
        for axis, (letter, length) in enumerate(zip(spec, shape)):
            if length is None and fixed.get(letter) not in (None, t.shape[axis]) and t.shape[axis]:
                t = resized_axis(t, axis, fixed[letter])
        resized.append(t)
    return resized


def carry_shapes(operands, tensors):
    """Let each of ``tensors`` (Keras's casts of ``operands``) have its operand's traced shape in the running
    trace, which tapeflow's own casts do not name: ``matched`` then sees the open lengths."""
    trace = trace_names.current()
    if trace is None:
        return
    for operand, t in zip(operands, tensors):
        if t is not operand and isinstance(operand, Tensor) and isinstance(t, Tensor):
            entry = trace_names.entry_of(operand)
            shape = entry[1] if entry is not None else trace_names.noted_shape(operand)
            if shape is not None:
                trace.note_shape(t, tuple(shape))
