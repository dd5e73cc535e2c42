"""An error raised by a keras.ops Operation (Reshape, BroadcastTo, Add, ...) while a functional model runs,
worded as Keras 3's ``Operation.__call__`` words it: the op's class and its call's arguments, not the model's.

    Exception encountered when calling Reshape.call().

    <the error's message, in bold>

    Arguments received by Reshape.call():
      • x=tf.Tensor(shape=(2, 4), dtype=float32)

Before, the model's own banner ('... calling Functional.call()', its inputs as arrays) wrapped it. As Keras's
inject_argument_info_in_traceback, only the innermost failing call words an error (one worded already, Pad's, or a
layer's inside the op, passes as it is); a kernel error of a traced step is the step's (no banner), as for layers.
"""
from framework import nest
from framework.errors import OpError
from framework.function_errors import graph_side
from framework.keras.operation_call_errors import in_call
from framework.tensor import Tensor

from .. import call_context


def _shown(value):
    # Keras maps its format_argument_value over a structure: its tensors show by shape and dtype
    if isinstance(value, (list, tuple, dict)):
        return nest.map_structure(
            lambda v: 'tf.Tensor(shape=%s, dtype=%s)' % (tuple(v.shape), v.dtype.name) if isinstance(v, Tensor) else v,
            value)
    return value


def call_error(err, operation, bound):
    """``err`` from ``operation``'s function called with ``bound`` (inspect.BoundArguments), worded."""
    err = graph_side(err)       # a shape error TF's graph raises in a trace (predict's step), as for layers
    if getattr(err, '_keras_call_info_injected', False):
        return err
    if isinstance(err, OpError) and call_context.in_traced_function():
        return err
    parameters = bound.signature.parameters
    arguments = []
    for name in (name.strip('*=') for name in operation._call_parameters):
        if name in bound.arguments:
            arguments.append((name, _shown(bound.arguments[name])))
        elif name in parameters:
            arguments.append((name, parameters[name].default))
    return in_call(err, operation.class_name, arguments).with_traceback(err.__traceback__)
