"""A loaded function's concrete functions, as TF 2.21 revives them from a SavedModel.

TF stores each saved trace's outputs as specs, not graph tensors: a revived concrete function's
``structured_outputs`` are TensorSpecs named by their place in the outputs (func_graph's encode_arg:
the '_'-joined path through dict keys, namedtuple fields and list / tuple indices, made a Python name
by sanitize_spec_name), so a single tensor is name='unknown', [x, y] 'tensor_0', 'tensor_1' and
{'m': {'q': x}} 'm_q'. Its outputs, output_dtypes and output_shapes stay those of the graph.

Its ``variables`` are the saved graph's captured variables in the order the graph captured them, fixed
in the file: a Keras layer's as its inference call reads them (keras_export's inference_captures:
BatchNormalization's moving statistics first, a GRU cell's bias), no seed generator state an inference
call leaves unread, then the function's own variables in the order its code reads them. (A live trace's
order is TF's set order, which changes from run to run; tapeflow's live ``variables`` keep creation order.)
"""
from ..composite import CompositeTensor
from ..concrete_function import ConcreteFunction, GraphOutput
from ..ops.tensor_spec import TensorSpec
from ..variable import Variable
from .deleted_captures import check_object_alive
from .restored_function_text import sanitized_spec_name


def spec_name(path):
    """TF's sanitize_spec_name of the '_'-joined path ('unknown' for the empty path)."""
    return sanitized_spec_name('_'.join(str(part) for part in path))


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
    """A live trace shown as TF's revived concrete function: outputs as specs (see the module's text); outputs,
    output_dtypes and output_shapes read the graph's (ConcreteFunction._graph_outputs)."""

    @property
    def structured_outputs(self):
        return output_specs(self._graph_outputs)

    @property
    def variables(self):
        """The variables the saved graph captures, in its capture order (see the module's text).

        Raises:
            AssertionError: TF 2.21's, when the loaded object the function reads was deleted.
        """
        check_object_alive(self._function.python_function)
        return tuple(value for value in self._captured_values() if isinstance(value, Variable))


def restored(concrete):
    """``concrete`` (a live ConcreteFunction) as a revived one; anything else as it is."""
    if type(concrete) is ConcreteFunction:
        return RestoredConcreteFunction(concrete._function, concrete._entry)
    return concrete
