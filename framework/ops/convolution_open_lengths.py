"""The spatial lengths a running trace leaves open, for convolutions over an input shorter than their VALID window.

TF 2.21's graph refuses such a window where it knows the length ("Negative dimension size caused by subtracting 3
from 2"), but builds where an input_signature leaves it open (None): its kernel sizes the output when it runs,
(length - window + stride) / stride, and a size of 0 is the empty output (notes progs/gradfuzz29/op.py).
"""
from .. import trace_names


def open_lengths(tensor):
    """For each spatial axis of an (N, *spatial, C) ``tensor``, whether the running trace leaves its length open
    (a tf.function's input_signature of None lengths, and what ops make of it); all False outside a trace or for
    tensors it does not know, whose VALID windows longer than the input it refuses as its graph would."""
    entry = trace_names.entry_of(tensor)
    shape = entry[1] if entry is not None else trace_names.noted_shape(tensor)
    if shape is None or len(shape) != tensor.ndim:
        return (False,) * (tensor.ndim - 2)
    return tuple(n is None for n in shape[1:-1])


def with_open_lengths(tensor, open_axes):
    """``tensor`` (N, *spatial, C), made inside a convolution from an input whose spatial lengths ``open_axes`` the
    running trace leaves open (a height-1 image of a 1-D input, its space-to-batch phases), noted as open too."""
    trace = trace_names.current()
    if trace is not None and any(open_axes):
        trace.note_shape(tensor, (None,) + tuple(None if o else n for o, n in zip(open_axes, tensor.shape[1:-1]))
                         + (tensor.shape[-1],))
    return tensor
