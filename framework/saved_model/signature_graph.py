"""A loaded SavedModel signature's graph attributes, as the ConcreteFunction TF 2.21 revives has them.

TF's signature wrapper is a graph function: ``inputs`` lists its placeholders, the keyword inputs
sorted by name ('aa:0', 'zz:0') then one per captured tensor ('unknown:0', 'unknown_0:0', ...: a
resource handle per variable read, a layer's constants); ``outputs`` its 'Identity:0', 'Identity_1:0', ...
in the output dict's sorted-key order (nest's); ``variables`` the variables behind the handles;
``output_dtypes`` / ``output_shapes`` the output dict's; ``name`` b'__inference_signature_wrapper_<f>_<uid>'.
tapeflow keeps no graph (no ``graph`` / ``function_def``); the captures are graph_captures.Capture entries.
"""
import itertools
from collections import namedtuple

from .. import dtypes
from ..concrete_function import GraphOutput
from ..tensor import TensorShape

# (TF's resource dtype, which tapeflow's tensors never take: a name to print)
_DTypeName = namedtuple('_DTypeName', 'name')


def _capture_names():
    """'unknown', 'unknown_0', 'unknown_1', ...: TF's placeholder names for a revived function's captures."""
    yield 'unknown'
    for i in itertools.count():
        yield 'unknown_%d' % i


def _dtype(name):
    try:
        return dtypes.as_dtype(name)
    except (TypeError, ValueError):
        return _DTypeName(name)


class SignatureGraph:
    """The graph side of saved_model.signatures.Signature (it provides ``_input_specs``, ``_sorted``,
    ``_captures``, ``structured_outputs`` and ``_wrapper_name``)."""

    @property
    def inputs(self):
        """The graph's placeholders: the keyword inputs sorted by name, then one per captured tensor."""
        specs = self._input_specs()
        if specs is None:
            raise AttributeError('inputs: this signature (a Keras model called on \'inputs\') keeps no '
                                 'TensorSpecs in tapeflow')
        placeholders = [GraphOutput(name + ':0', TensorShape(spec.shape), spec.dtype)
                        for name, spec in self._sorted(specs)]
        return placeholders + [GraphOutput(name + ':0', TensorShape(capture.shape), _dtype(capture.dtype))
                               for name, capture in zip(_capture_names(), self._captures())]

    @property
    def outputs(self):
        """The graph's output tensors, 'Identity:0', 'Identity_1:0', ..., in the output names' sorted order.

        Raises:
            ValueError: tapeflow has not learned the outputs yet (see ``structured_outputs``).
        """
        outputs = self.structured_outputs
        return [GraphOutput('Identity%s:0' % ('_%d' % i if i else ''), outputs[key].shape, outputs[key].dtype)
                for i, key in enumerate(sorted(outputs))]

    @property
    def output_dtypes(self):
        return {key: spec.dtype for key, spec in self.structured_outputs.items()}

    @property
    def output_shapes(self):
        return {key: TensorShape(spec.shape) for key, spec in self.structured_outputs.items()}

    @property
    def variables(self):
        """The variables the graph reads, as a tuple (TF's captured variables)."""
        return tuple(capture.variable for capture in self._captures() if capture.variable is not None)

    @property
    def trainable_variables(self):
        return tuple(v for v in self.variables if v.trainable)

    @property
    def name(self):
        """b'__inference_signature_wrapper_<f>_<uid>' (TF's uid is its global counter; tapeflow's keeps
        the names unique, not TF's digits)."""
        from ..concrete_function import _FUNCTION_UIDS
        found = self.__dict__.get('_graph_name')
        if found is None:
            found = self.__dict__['_graph_name'] = \
                ('__inference_%s_%d' % (self._wrapper_name(), next(_FUNCTION_UIDS))).encode()
        return found
