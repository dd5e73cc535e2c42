"""Mixed precision inside a layer's call: Keras 3's autocasting.

A layer under a mixed policy ('mixed_float16': compute float16, float32 weights)
computes in its compute dtype. Keras 3 casts the call's floating arguments to it,
and, inside ``call``, reads every float weight made with ``autocast=True`` as that
dtype (its AutocastScope). The cast is an op, so a tape records it and the
gradient reaches the float32 variable in float32, as the optimizer needs it.

tapeflow's ops read a variable's buffer directly (a Variable is a Tensor), so there
is no read hook to put the scope in. Instead, for the duration of ``call``, the
layer's attributes that hold its own autocast weights hold their cast instead
(``self.kernel`` is a float16 Tensor inside ``Dense.call``; a list attribute of weights holds
their casts), and get the variables back afterwards. Unlike Keras's scope, a weight of another layer read directly
(``self.dense.kernel`` in a parent's call) keeps its dtype; sublayers called from the
call cast their own weights.
"""
import contextlib

from framework.ops import cast
from framework.variable import Variable

from .call_inputs import floating


def keep_float32(layer):
    """Mark the weights ``layer`` has made as Keras's ``autocast=False`` ones: the normalization layers'
    (they normalize in float32 under a mixed policy and cast the result to the compute dtype)."""
    layer.__dict__['_not_autocast'] = {id(v) for v in layer._trainable_created + layer._non_trainable_created}


@contextlib.contextmanager
def within(outer, layer, dtype):
    """``outer`` (a context manager), and inside it ``weights_as(layer, dtype)``."""
    with outer, weights_as(layer, dtype):
        yield


@contextlib.contextmanager
def weights_as(layer, dtype):
    """Within the block, ``layer``'s attributes holding its own float weights made with
    ``autocast=True`` hold them cast to ``dtype``; they hold the variables again afterwards."""
    skipped = layer.__dict__.get('_not_autocast', ())
    own = {id(v) for v in layer._trainable_created + layer._non_trainable_created
           if id(v) not in skipped and v._data.dtype != dtype and floating(v._data.dtype)}
    attributes = layer.__dict__
    swapped = {}
    for name, value in attributes.items():
        if type(value) is Variable:
            if id(value) in own:
                swapped[name] = value
        elif isinstance(value, (list, tuple)) and any(type(v) is Variable and id(v) in own for v in value):
            swapped[name] = value      # self.kernels = [add_weight(...), ...]: the list holds the casts
    for name, value in swapped.items():
        # (a tracked list, layers/tracked_containers.py, is swapped for a plain one while the call runs)
        attributes[name] = cast(value, dtype) if type(value) is Variable else \
            (list if isinstance(value, list) else tuple)(cast(v, dtype) if type(v) is Variable and id(v) in own
                                                         else v for v in value)
    try:
        yield
    finally:
        attributes.update(swapped)
