"""A loaded function's concrete functions, as TF 2.21 revives them from a SavedModel.

TF stores each saved trace's outputs as specs, not graph tensors: a revived concrete function's
``structured_outputs`` are TensorSpecs named by their place in the outputs (func_graph's encode_arg:
the '_'-joined path through dict keys, namedtuple fields and list / tuple indices, made a Python name
by sanitize_spec_name), so a single tensor is name='unknown', [x, y] 'tensor_0', 'tensor_1' and
{'m': {'q': x}} 'm_q'. Its outputs, output_dtypes and output_shapes stay those of the graph.
"""
from .. import nest
from ..composite import CompositeTensor
from ..concrete_function import ConcreteFunction, GraphOutput
from ..ops.tensor_spec import TensorSpec
from ..tensor import TensorShape


def spec_name(path):
    """TF's sanitize_spec_name of the joined path: lower case, '_' for what is no letter or digit,
    'tensor_' before a name that starts with no letter, 'unknown' for the empty path."""
    name = '_'.join(str(part) for part in path)
    if not name:
        return 'unknown'
    swapped = ''.join(c if c.isalnum() else '_' for c in name.lower())
    return swapped if swapped[0].isalpha() else 'tensor_' + swapped


def output_specs(outputs, path=()):
    """``outputs`` (a trace's structured outputs) with each graph tensor a TensorSpec named by its path."""
    if isinstance(outputs, GraphOutput):
        return TensorSpec(outputs.shape, outputs.dtype, spec_name(path))
    if isinstance(outputs, CompositeTensor):
        return getattr(outputs, '_type_spec', outputs)
    if isinstance(outputs, dict):
        return type(outputs)((key, output_specs(value, path + (key,))) for key, value in outputs.items())
    if isinstance(outputs, tuple) and hasattr(outputs, '_fields'):
        return type(outputs)(*[output_specs(value, path + (field,)) for field, value in zip(outputs._fields, outputs)])
    if isinstance(outputs, (list, tuple)):
        return type(outputs)(output_specs(value, path + (i,)) for i, value in enumerate(outputs))
    return outputs


class RestoredConcreteFunction(ConcreteFunction):
    """A live trace shown as TF's revived concrete function: outputs as specs (see the module's text)."""

    @property
    def _graph_outputs(self):
        return ConcreteFunction.structured_outputs.fget(self)

    @property
    def structured_outputs(self):
        return output_specs(self._graph_outputs)

    @property
    def outputs(self):
        return [v for v in nest.flatten(self._graph_outputs) if isinstance(v, GraphOutput)]

    @property
    def output_dtypes(self):
        return nest.map_structure(lambda v: v.dtype if isinstance(v, GraphOutput) else None, self._graph_outputs)

    @property
    def output_shapes(self):
        return nest.map_structure(lambda v: v.shape if isinstance(v, GraphOutput) else TensorShape(None),
                                  self._graph_outputs)


def restored(concrete):
    """``concrete`` (a live ConcreteFunction) as a revived one; anything else as it is."""
    if type(concrete) is ConcreteFunction:
        return RestoredConcreteFunction(concrete._function, concrete._entry)
    return concrete
