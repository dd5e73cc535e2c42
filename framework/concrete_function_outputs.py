"""The outputs of a trace that ``get_concrete_function`` made and no call has run yet.

TensorFlow traces at ``get_concrete_function``, so ``print(cf)`` already shows 'Output Type:' and
'Captures:', and ``cf.structured_outputs`` / ``output_shapes`` answer (the tf.function guide prints
a concrete function right after getting it). tapeflow learns a trace's outputs by running it: when
they are asked for before any call, the Python runs once here on stand-in tensors (zeros of the
signature's shapes, an open size as 1), with no lasting effect TensorFlow's trace would not have:
variable writes go to a keras.StatelessScope, graph random ops to a state of their own, numpy's
and Python's random streams are put back, and what it prints is dropped (the trace's prints show at
the first call, as before). A function that fails on the stand-ins (a reshape to a fixed size, an
argument that is no tensor nor Python value: a dataset, a ragged tensor) keeps its outputs unknown.
"""
import contextlib
import io

from . import graph_random_ops, nest
from .graph_random_ops import GraphRandomState
from .host_random_replay import drawing_from, host_states
from .ops.tensor_spec import TensorSpec
from .tensor import Tensor
from .type_spec import TypeSpec


def _stand_in(spec):
    import numpy as np
    from . import dtypes
    shape = () if spec.shape is None or getattr(spec.shape, 'rank', 0) is None else \
        tuple(1 if d is None else int(d) for d in spec.shape)
    dtype = dtypes.numpy_dtype(spec.dtype)
    if np.dtype(dtype).kind == 'O':     # (a string tensor: empty strings, not the integer 0 zeros would hold)
        return Tensor(np.full(shape, b'', dtype=object))
    return Tensor(np.zeros(shape, dtype))


def stand_in_extension(spec, tensor_stand_in=_stand_in):
    """A value of ``spec``'s ExtensionType whose tensor fields are ``tensor_stand_in(TensorSpec)``
    (nested ExtensionType specs, tuples and mappings followed), made as TensorFlow rebuilds a value
    from its components: past the class's constructor and ``__validate__``. LookupError for a field
    spec with no stand-in (a RaggedTensorSpec)."""
    from .extension_type import ExtensionTypeSpec, ImmutableDict

    def field(value):
        if isinstance(value, TensorSpec):
            return tensor_stand_in(value)
        if isinstance(value, ExtensionTypeSpec):
            return stand_in_extension(value, tensor_stand_in)
        if isinstance(value, TypeSpec):
            raise LookupError
        if isinstance(value, tuple):
            return tuple(field(v) for v in value)
        if isinstance(value, ImmutableDict):
            return ImmutableDict((k, field(v)) for k, v in value.items())
        return value
    cls = spec.value_type
    if cls is None:
        raise LookupError
    value = object.__new__(cls)
    value.__dict__.update({name: field(spec._fields[name]) for name in cls._tf_extension_type_fields})
    return value


def _stand_ins(signature):
    """(args, kwargs, [(traced shape, stand-in shape)]) for a structured_input_signature, or None
    when a leaf is a spec other than a TensorSpec (nothing to stand in for it here)."""
    pairs = []

    def leaf(value):
        if isinstance(value, TensorSpec):
            tensor = _stand_in(value)
            traced = None if value.shape is None or getattr(value.shape, 'rank', 0) is None else tuple(value.shape)
            pairs.append((traced, tensor.shape))
            return tensor
        if _is_extension_spec(value):
            return stand_in_extension(value, leaf)
        if isinstance(value, TypeSpec) or type(value).__name__.endswith('Spec'):
            raise LookupError
        return value
    try:
        args, kwargs = nest.map_structure(leaf, signature)
    except LookupError:
        return None
    return args, kwargs, pairs


def _is_extension_spec(value):
    from .extension_type import ExtensionTypeSpec
    return isinstance(value, ExtensionTypeSpec)


def learn_outputs(concrete, entry, function):
    """Set ``entry``'s output_type and outputs from a run on stand-ins (see module); leave them None
    when the run fails."""
    from .concrete_function import OpenDims, output_leaves, output_type
    from .function import _outputs, replaying
    from .keras.stateless_scope import StatelessScope      # (framework.keras imports tf.function's modules)
    try:
        found = _stand_ins(concrete.structured_input_signature)
    except Exception:       # noqa: BLE001 (a signature tapeflow cannot list: outputs stay unknown)
        return
    if found is None:
        return
    args, kwargs, pairs = found
    sink = io.StringIO()
    try:
        with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink), replaying(), StatelessScope(), \
                graph_random_ops.running(GraphRandomState()), drawing_from(host_states()):
            result = _outputs(function.python_function(*args, **kwargs), function.python_function)
    except Exception:       # noqa: BLE001 (fails on stand-ins, where TF's symbolic trace may not)
        return
    open_dims = OpenDims(pairs)
    entry.output_type = output_type(result, open_dims)
    entry.outputs = output_leaves(result, open_dims)
