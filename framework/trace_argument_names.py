"""The graph names of a tf.function's tensor arguments while it traces, nested ones included.

TensorFlow's trace makes one placeholder per tensor in the arguments, walking each argument in its
own order (a dict in insertion order, not nest's sorted one), and names it after the parameter; the
graph numbers repeats. So a tuple argument ``a`` of two tensors prints in the trace as
``(<tf.Tensor 'a:0' shape=() dtype=int32>, <tf.Tensor 'a_1:0' shape=() dtype=int32>)``, ``*args``
as ``args_0``, ``args_0_1``, ``args_1``, ``**kwargs`` by keyword, and a TensorSpec(name='nm') of
the input_signature as ``nm:0``. tapeflow traces with the real tensors: trace_names shows these
names instead of their values while the trace runs.
"""
from . import dtypes, sparse_trace_keys
from .function_keys import TENSOR, trace_key
from .ops.tensor_spec import TensorSpec
from .tensor import Tensor
from .trace_names import known_dims


class ArgumentNamer:
    """Fills ``found`` (id(tensor) -> (graph name, traced shape, dtype name)) argument by argument;
    ``used`` counts the names requested so far, as the graph makes them unique."""

    def __init__(self, found):
        self.found = found
        self.used = {}

    def _unique(self, name):
        count = self.used.get(name)
        if count is None:
            self.used[name] = 1
            return name
        self.used[name] = count + 1
        return '%s_%d' % (name, count)

    def add(self, name, value, spec=None, key=None):
        """Names the tensors in ``value``, the argument of parameter ``name``. ``spec``: its
        input_signature entry (a TensorSpec or a structure of them) or None; ``key``: its trace key,
        whose shapes a generalised trace leaves open, or None."""
        if type(value) is Tensor:
            if isinstance(spec, TensorSpec):
                shape, name = known_dims(spec.shape), spec.name or name
            elif type(key) is tuple and len(key) == 3 and key[0] is TENSOR:
                shape = key[1]
            else:
                shape = tuple(value.shape)
            self.found[id(value)] = (self._unique(name), shape, dtypes.display_name(value._data.dtype))
        elif sparse_trace_keys.is_sparse(value):      # its indices, values and dense shape, one name each
            parts = {}
            sparse_trace_keys.name_argument_parts(parts, name, value, trace_key(spec) if spec is not None else key)
            for part_id, (_, shape, dtype) in parts.items():
                self.found[part_id] = (self._unique(name), shape, dtype)
        elif isinstance(value, (list, tuple)):
            specs = spec if isinstance(spec, (list, tuple)) and len(spec) == len(value) else None
            keys = key[1:] if type(key) is tuple and len(key) == len(value) + 1 and key[0] is type(value) else None
            for i, item in enumerate(value):
                self.add(name, item, specs[i] if specs else None, keys[i] if keys else None)
        elif isinstance(value, dict):
            keys = dict(key[1:]) if type(key) is tuple and key and key[0] is type(value) else {}
            for k, item in value.items():
                self.add(name, item, spec.get(k) if isinstance(spec, dict) else None, keys.get(k))
