"""A functional model's inputs checked against its Inputs' fixed sizes, as Keras 3 checks them.

Keras 3 gives a functional model an input spec per Input (its shape, the batch axis free)
and refuses a call whose tensor differs on a fixed axis: 'Input 0 with name 'x' of layer
'functional' is incompatible with the layer: expected shape=(None, 3), found shape=(8, 5)'.
Layers that work on any width (Activation, Concatenate) would otherwise run on it, so a
model given its two inputs in the wrong order returned a result.
"""
import numpy as np

from framework import graph_random_ops
from framework.tensor import Tensor


def check_input_dims(model, flat, given):
    """``flat`` (the call's tensors, already of the Inputs' ranks) if each fits its Input's fixed sizes
    past the batch axis, or passes Keras 3's InputSpec check on ``given`` (the tensors as called, before
    a last axis of size 1 was added or dropped); else Keras 3's ValueError."""
    fixed = model.__dict__.get('_fixed_input_sizes')
    if fixed is None:       # (axis, size) of each Input's known sizes, worked out once per model
        fixed = model.__dict__['_fixed_input_sizes'] = [
            tuple((axis, size) for axis, size in enumerate(t.shape) if axis and size is not None)
            for t in model._inputs]
    for index, (x, sizes) in enumerate(zip(flat, fixed)):
        shape = x._data.shape if isinstance(x, Tensor) else tuple(x.shape)      # a SparseTensor: its dense_shape
        for axis, size in sizes:
            if shape[axis] != size:
                # Keras checks the tensor as given, by its own looser rule: an Input(shape=(5,)) takes (2, 1)
                error = input_spec_error(model, index, _shape_of(given[index]))
                if error is not None:
                    raise error
                break
    return flat


def _shape_of(x):
    return tuple(x._data.shape) if isinstance(x, Tensor) else tuple(np.shape(x) if not hasattr(x, 'shape') else x.shape)


def input_spec_error(model, index, shape):
    """Keras 3's error for input ``index`` of ``shape`` when it is of another rank than its Input, or
    None where Keras's InputSpec check lets it through (to fail later, inside call()).

    The spec allows a last axis of size 1 on either side, then compares the sizes axis by axis
    as far as both shapes go: (None, 1, 41) against (None, 41) is refused at 41 != 1.
    """
    tensor = model._inputs[index]
    expected, found = (None,) + tuple(tensor.shape[1:]), tuple(shape)
    expected = expected[:-1] if expected and expected[-1] == 1 else expected
    found = found[:-1] if found and found[-1] == 1 else found
    if all(a is None or b is None or a == b for a, b in zip(expected, found)):
        return None
    return _incompatible(model, index, shape)


def as_traced(shape):
    """``shape`` as Keras's error shows it: inside a fit/evaluate trace over batches of any size,
    with a free batch axis."""
    state = graph_random_ops.current()
    if state is not None and not state.static_shapes and len(shape):
        return (None,) + tuple(shape[1:])
    return shape


def _incompatible(model, index, shape):
    tensor = model._inputs[index]
    # Keras names the shape it compared: the one given, less a last axis of size 1 ((1, 10, 9, 1) shows as
    # (1, 10, 9) against expected shape=(None, 8, 8, 1), as the keras.io ESPCN example's PIL image does)
    shape = as_traced(tuple(shape)[:-1] if len(shape) and shape[-1] == 1 else tuple(shape))
    name = tensor._keras_history[0].name        # the InputLayer's, as Keras names it
    error = ValueError("Input %d with name '%s' of layer '%s' is incompatible with the layer: expected "
                       "shape=%s, found shape=%s"
                       % (index, name, model.name, (None,) + tuple(tensor.shape[1:]), tuple(shape)))
    # Keras checks this in the model's __call__, before call(): its words come bare, not as a call error
    error._keras_call_info_injected = True
    return error
