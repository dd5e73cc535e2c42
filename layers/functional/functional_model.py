"""Functional: a model whose graph is the layer calls from ``keras.Input`` tensors to outputs.

    inputs = keras.Input(shape=(784,), name='digits')
    x = keras.layers.Dense(64, activation='relu')(inputs)
    outputs = keras.layers.Dense(10, name='predictions')(x)
    model = keras.Model(inputs=inputs, outputs=outputs)     # a Functional

The graph is sorted once, when the model is made (see ``graph``); calling
the model runs the recorded calls in that order on real tensors, keeping
each result in a dict keyed by the KerasTensor it stands for.
"""
import collections
import inspect
import warnings

import numpy as np

from framework import dtypes, graph_gradients, nest, trace_names
from framework.eager_graph_names import inside_function
from framework.keras.tree import flatten_with_path
from framework.losses.tensor_notes import NOTES as TENSOR_NOTES, set_keras_mask
from framework.ops import cast, expand_dims, squeeze
from framework.sparse.sparse_tensor import SparseTensor
from framework.tensor import Tensor, convert_to_tensor

from ..mask_propagation import as_mask, warn_if_mask_dropped
from ..layer import Layer
from ..model import Model
from ..summary import print_summary
from ..tensor_arguments import refuse_mixed_arguments
from .config import functional_config, rebuild
from .graph import map_graph
from .node import inbound_nodes
from .input_count import fit_input_count
from .input_dims import as_traced, check_input_dims, input_spec_error
from .input_order import by_position, in_keras_order
from .input_spec_names import check_inputs_by_name, refuse_missing_inputs
from .input_structure import structure_text, warn_if_structure_differs
from .intermediate_inputs import start_at_inputs
from .keras_training_argument import recorded_training, takes_training
from .keras_input_specs import functional_input_specs
from .keras_tensor import KerasTensor
from .shared_outputs import shared_output_nodes, unfuse
from . import fanout_gradients
from .operation import Operation
from .symbolic_call import any_symbolic
from .unknown_rank_inputs import refuse_unknown_rank


class Functional(Model):
    """A model made by calling layers on ``Input`` tensors (Keras 3's functional API).

    Usually made as ``keras.Model(inputs, outputs)``. Layers may be called on
    lists (``Concatenate()([a, b])``) and several times (shared weights).

    Args:
        inputs: a KerasTensor from ``keras.Input``, or a list or dict of them. A layer's output
            may be given too: the model then starts there, at a new Input named '<name>CLONE'
            (see ``intermediate_inputs``).
        outputs: KerasTensors computed from the inputs, or a list or dict of them.
        name: default 'functional', numbered.
        trainable: whether its layers' weights are trained.
    Raises:
        ValueError: an input that is not a KerasTensor, an output not connected to
            the inputs (naming the tensor), or two layers with one name.
    """
    locks_state_when_built = False     # Keras 3's model stays open to layers added after its build

    keras_converts_inputs = False     # Keras 3's _convert_input_args (see functional/keras_filled_arguments)

    def __init__(self, inputs, outputs, name=None, trainable=True, **kwargs):
        _check_keras_tensors(inputs, outputs)      # before the model takes a name, as in Keras 3
        # Keras 3's Functional takes only trainable of its keyword arguments and ignores the rest
        # (dtype, autocast, a config's leftover keys: Model(i, o, dtype='float64') stays float32)
        super().__init__(name=name, trainable=trainable)
        inputs, outputs = start_at_inputs(inputs, outputs)     # intermediate tensors get Inputs, as in Keras 3
        flat_inputs, flat_outputs = nest.flatten(inputs), nest.flatten(outputs)
        if not flat_inputs or not flat_outputs:      # Keras 3's words (its Function checks inputs first)
            error = ValueError('`%s` argument cannot be empty. Received:\ninputs=%s\noutputs=%s'
                               % ('inputs' if not flat_inputs else 'outputs', inputs, outputs))
            error.add_note("Model '%s' needs at least one input and one output" % self.name)
            raise error
        self._graph = map_graph(self.name, flat_inputs, flat_outputs,
                                ['.'.join(map(str, path)) for path, _ in flatten_with_path(outputs)])
        # nodes whose output two consumers read: TF fuses no activation after them (shared_outputs)
        self._shared_output_nodes = shared_output_nodes(self._graph.steps, flat_outputs)
        # outputs three or more layers read: their gradient adds in grappler's order in a traced step
        self._fanout_readers = fanout_gradients.fanout_readers(self._graph.steps, flat_outputs)
        self.__dict__['_node_training'] = None      # {node: (its call takes training, the one Keras recorded)}, at the first call
        # Keras's order; ``_layers`` (read by ``weights``) leaves out the keras.ops calls recorded.
        self._operations = list(self._graph.layers)
        self._layers = [layer for layer in self._operations if not isinstance(layer, Operation)]
        self._inputs_struct, self._outputs_struct = inputs, outputs
        self._inputs, self._outputs = flat_inputs, flat_outputs
        self._input_dtypes = [dtypes.numpy_dtype(t.dtype) for t in flat_inputs]   # string inputs too
        self.output_names = [t._keras_history[0].name for t in flat_outputs]
        if any(t.sparse for t in flat_inputs):      # keras.Input(sparse=True): its SparseTensor batches come in
            self._keeps_composite_inputs = (SparseTensor,)
        # trainable=False (Layer.__init__ took it) stays the model's own flag: Keras 3 sets it before the
        # layers are tracked, so they keep theirs (a reloaded frozen model's InputLayers are trainable)
        self.built = True

    @property
    def input_spec(self):
        """Keras 3's list of InputSpecs, one per Input (``keras_input_specs``); a value set wins."""
        if '_manual_input_spec' in self.__dict__ or '_inputs' not in self.__dict__:
            return self.__dict__.get('_manual_input_spec')
        specs = self.__dict__.get('_keras_input_specs')
        if specs is None:       # (the Inputs never change: made once, read at every call's check)
            specs = self.__dict__['_keras_input_specs'] = functional_input_specs(self)
        return specs

    @input_spec.setter
    def input_spec(self, value):
        if '_inputs' in self.__dict__:      # (Layer.__init__'s None comes before the graph: Keras's default)
            self.__dict__['_manual_input_spec'] = value

    # ---- the graph's ends ------------------------------------------------------------
    @property
    def layers(self):
        """Every layer of the graph, InputLayers first, in Keras's order."""
        return list(self._layers)

    layers = layers.setter(Model.layers.fset)       # Keras's reserved-name refusal, as Model's

    @property
    def operations(self):
        """The layers and the keras.ops calls of the graph (``x / 127.5``), in Keras's order."""
        return list(self._operations)

    # Keras 3's Function keeps these two maps, and code that walks a model's graph (layer surgery,
    # Keras-2-era utilities) reads them: depth 0 at the outputs, keys in the order Keras finds them
    @property
    def _nodes_by_depth(self):
        return collections.defaultdict(list, {depth: list(nodes) for depth, nodes in self._graph.nodes_by_depth.items()})

    @property
    def _operations_by_depth(self):
        # Keras sorts each depth's operations by when its walk first met them, as ``operations`` lists them
        order = {operation: index for index, operation in enumerate(self._operations)}
        return collections.defaultdict(list, {depth: sorted(operations, key=order.__getitem__)
                                              for depth, operations in self._graph.layers_by_depth.items()})

    @property
    def inputs(self):
        return list(self._inputs)

    @property
    def outputs(self):
        return list(self._outputs)

    @property
    def input(self):
        """The inputs as given to the constructor (a tensor, list or dict)."""
        return self._inputs_struct

    @property
    def output(self):
        return self._outputs_struct

    def add_loss(self, loss):
        # Keras 3.15 leaves a functional model's own add_loss unimplemented (its layers' add_loss works);
        # a bare NotImplementedError is what a ported program sees there.
        raise NotImplementedError

    @property
    def input_shape(self):
        # Keras maps over the flat inputs: a dict of inputs gives a list, in sorted-key order
        return _unpack_single(self._inputs, [t.shape for t in self._inputs])

    @property
    def output_shape(self):
        return _unpack_single(self._outputs, [t.shape for t in self._outputs])

    # ---- running ------------------------------------------------------------------------
    def __call__(self, inputs, *args, **kwargs):
        # Keras 3's CallSpec check comes first, on the inputs as given (a functional model converts none)
        refuse_mixed_arguments(self, inputs, args, kwargs)
        if inputs is None or isinstance(inputs, (list, tuple, dict)):
            refuse_missing_inputs(self, inputs)
        if not any_symbolic(inputs, args, kwargs):
            warn_if_structure_differs(self, inputs)      # before Layer.__call__ makes arrays tensors
            if in_keras_order(inputs, self._inputs_struct):
                inputs = by_position(inputs, self._inputs_struct)
            if isinstance(inputs, (list, tuple)) and any(isinstance(x, (list, tuple)) for x in inputs) and \
                    isinstance(self._inputs_struct, (list, tuple)):
                # Keras flattens the inputs after that warning: [[x_a, x_b]] feeds Inputs a and b (else
                # the nested list would be packed into one tensor here; nested Python numbers count one
                # input each, which the input count then refuses, as TF's "received 4 input tensors")
                inputs = nest.flatten(inputs)
            if trace_names.ACTIVE:      # Keras's input-spec check, before the call (unknown_rank_inputs)
                for x in nest.flatten(inputs):
                    refuse_unknown_rank(x)
        return super().__call__(inputs, *args, **kwargs)

    def build(self, input_shape=None):
        """A functional model is built when it is made; nothing to do."""
        self.built = True

    def call(self, inputs, training=None, mask=None, **kwargs):
        # ``training`` reaches the layers through the call context (Layer.__call__);
        # masks ride on the tensors from layer to layer (see ``mask_propagation``).
        # Keras 3's signature: other keyword arguments are accepted and reach no layer (fun(x, foo=1)
        # runs there), and a failed call lists them ('kwargs=...').
        flat = self._standardize(inputs)
        asks = self.__dict__.get('_graph_gradients')
        if asks is None:
            asks = self._asks_graph_gradients()
        if asks and inside_function():
            # a layer calls tf.gradients (keras.io's eikonal solver): TF's step answers from its graph,
            # tapeflow from a tape recording the run (framework/graph_gradients.py)
            with graph_gradients.recording(flat):
                return self._run_graph(inputs, flat, training, mask)
        return self._run_graph(inputs, flat, training, mask)

    def _asks_graph_gradients(self):
        """Whether a layer of the graph called tf.gradients in its symbolic call (found at the first call, then
        kept in ``_graph_gradients``)."""
        asks = any(layer.__dict__.get('_graph_gradients') for layer in self._flatten_layers(include_self=False))
        self.__dict__['_graph_gradients'] = asks        # (a plain attribute: no tracking)
        return asks

    def _run_graph(self, inputs, flat, training, mask):
        """``call``'s run of the graph's layers on ``flat``, the inputs in ``self.inputs`` order."""
        if mask is not None or type(inputs) is not Tensor or id(inputs) in TENSOR_NOTES:
            warn_if_mask_dropped(self, inputs, mask)
        if mask is not None:
            for x, one in zip(flat, nest.flatten(mask)):
                if one is not None:
                    set_keras_mask(x, as_mask(one))
        values = dict(zip(self._inputs, flat))
        node_training = self._node_training
        if node_training is None:
            node_training = {node: (takes_training(node.layer), recorded_training(node)) for node in self._graph.steps}
            self.__dict__['_node_training'] = node_training     # (a plain dict: no tracking)
        shared = self._shared_output_nodes
        fanouts = self._fanout_readers
        # reader node -> [(tensor, argument name or None, value)]
        reads = {} if fanouts and fanout_gradients.applies() else None
        for node in self._graph.steps:
            by_argument = None
            if reads and node in reads:
                for tensor, argument, value in reads.pop(node):
                    if argument is None:
                        values[tensor] = value
                    else:         # a self-attention's query / value / key, each its own read
                        by_argument = by_argument or {}
                        by_argument[argument] = value
            single = node.single_input
            node_kwargs = node.kwargs
            takes, recorded = node_training[node]
            if takes:
                # As Keras 3: the model's own training flag goes to every layer whose call takes one,
                # over one recorded in the graph (base_model(x, training=False) in a model fit later
                # still trains: BatchNorm statistics), else the recorded one (recorded_training)
                flag = recorded if training is None else training
                if flag is not None:
                    node_kwargs = dict(node_kwargs, training=flag)
            if single is not None:
                out = node.layer(values[single], **node_kwargs)
            else:
                node_args, filled_kwargs = node.fill_in(values)
                if by_argument:
                    node_args, filled_kwargs = fanout_gradients.read_by_argument(node.layer, node_args,
                                                                                 filled_kwargs, by_argument)
                if node_kwargs is not node.kwargs:
                    filled_kwargs['training'] = node_kwargs['training']
                out = node.layer(*node_args, **filled_kwargs)     # Layer.__call__ handles the masks
            if shared and node in shared:
                unfuse(nest.flatten(out))
            targets = node.outputs
            if len(targets) == 1 and isinstance(out, Tensor):
                values[targets[0]] = out
            else:
                for target, value in zip(targets, nest.flatten(out)):
                    values[target] = value
            if reads is not None and node in fanouts:
                for index, ordered in fanouts[node]:
                    value = values[targets[index]]
                    if type(value) is Tensor and fanout_gradients.splits(value):
                        for (reader, argument), read in fanout_gradients.reader_values(value, ordered).items():
                            fanout_gradients.split_notes(value, read)
                            reads.setdefault(reader, []).append((targets[index], argument, read))
        struct = self._outputs_struct
        return _unpack_single(struct, nest.pack_sequence_as(struct, [values[t] for t in self._outputs]))

    def compute_mask(self, inputs, mask=None):
        """None: each output already carries the mask its layer computed."""
        return None

    # Layer.__call__ needs no mask handling around a model call (see mask_propagation.masks_matter).
    outputs_carry_masks = True

    def _check_symbolic_inputs(self, inputs):
        """Keras 3's InputSpec check of a symbolic call, before its output shapes are found: a dict
        without an Input's name, or another count of KerasTensors, in the eager call's words."""
        check_inputs_by_name(self, inputs)

    def _input_cast_dtype(self):
        # Keras 3's Functional converts no input in __call__ (_convert_input_args): call() casts each to its
        # Input's dtype, so float64 data reaches a float64 Input whole
        return None

    def _standardize(self, inputs):
        """The call's inputs as a flat list in ``self.inputs`` order, of the Inputs' dtypes and ranks."""
        expected = self._inputs
        check_inputs_by_name(self, inputs)
        if isinstance(inputs, dict) and isinstance(self._inputs_struct, dict) and \
                set(self._inputs_struct) < set(inputs):
            # Keras 3 takes the entries it knows, after its structure warning: a batch whose dict
            # also holds other features (a label, an id) still predicts, as in TF 2.21
            inputs = {name: inputs[name] for name in self._inputs_struct}
        if isinstance(inputs, dict) and not isinstance(self._inputs_struct, dict):
            if any(t.name not in inputs for t in expected):
                # Keras reads such a dict by its Inputs' tensor names ('keras_tensor_3' for an unnamed
                # Input, whose layer is 'input_layer'), and refuses one without them in its words
                raise ValueError(structure_text(self, inputs))
            flat = [inputs[t.name] for t in expected]
        else:
            flat = nest.flatten(inputs)
        if len(flat) != len(expected):
            flat = fit_input_count(self, flat)
        return check_input_dims(self, [self._conform(x, tensor, dtype)
                                       for x, tensor, dtype in zip(flat, expected, self._input_dtypes)], flat)

    def _conform(self, x, tensor, dtype):
        if type(x) is SparseTensor and tensor.sparse:
            if x.ndim != tensor.ndim:
                raise ValueError("Model '%s': sparse input '%s' expects shape %s, but it was given a SparseTensor of "
                                 'dense_shape %s' % (self.name, tensor.name, tensor.shape, tuple(x.shape)))
            return x if x.values._data.dtype == dtype else SparseTensor(x.indices, cast(x.values, dtype), x.dense_shape)
        if not isinstance(x, Tensor):
            x = convert_to_tensor(x)
        if x._data.dtype != dtype:
            x = cast(x, dtype)
        rank = tensor.ndim
        if x.ndim == rank:
            return x
        # Keras squeezes or adds a last axis of size 1 (labels given as (n,) for an Input of shape (1,)).
        if x.ndim == rank + 1 and x.shape[-1] == 1:
            return squeeze(x, axis=-1)
        if x.ndim == rank - 1 and tensor.shape[-1] == 1:
            return expand_dims(x, axis=-1)
        index = next(i for i, t in enumerate(self._inputs) if t is tensor)
        error = input_spec_error(self, index, tuple(x.shape))
        if error is not None:
            raise error
        # Keras 3's Functional._adjust_input_rank refuses any other rank its InputSpec let through
        # (a (2, 3, 2) batch for an Input of shape (3,)); the path is the input's place in the structure
        path = '.'.join(str(p) for p in flatten_with_path(self._inputs_struct)[index][0])
        raise ValueError("Invalid input shape for input {} with name '{}' and path '{}'. Expected shape {}, but input "
                         'has incompatible shape {}'.format(x, tensor.name, path, tensor.shape, as_traced(tuple(x.shape))))

    def compute_output_shape(self, input_shape):
        """The outputs' shapes, with the batch axis of ``input_shape``.

        Raises:
            ValueError: ``input_shape`` does not fit the model's Inputs.
        """
        if isinstance(input_shape, dict) and isinstance(self._inputs_struct, dict) and \
                set(self._inputs_struct) < set(input_shape):
            # as a call: Keras 3 reads the entries it knows (a symbolic call with another key gives outputs)
            input_shape = {name: input_shape[name] for name in self._inputs_struct}
        shapes = _flat_shapes(input_shape)
        if len(shapes) != len(self._inputs):
            raise ValueError("Model '%s' expects %d input shape(s), got %r"
                             % (self.name, len(self._inputs), input_shape))
        for index, (shape, tensor) in enumerate(zip(shapes, self._inputs)):
            shape = tuple(shape)
            if len(shape) != tensor.ndim or any(a is not None and b is not None and a != b
                                                for a, b in zip(shape[1:], tensor.shape[1:])):
                error = input_spec_error(self, index, shape)     # Keras's words where its InputSpec refuses
                raise error if error is not None else ValueError(
                    "Model '%s': input '%s' expects shape %s, got %s" % (self.name, tensor.name, tensor.shape, shape))
        batch = tuple(shapes[0])[0] if shapes and len(shapes[0]) else None
        struct = self._outputs_struct
        return _unpack_single(struct, nest.pack_sequence_as(
            struct, [(batch,) + t.shape[1:] if t.ndim else t.shape for t in self._outputs]))

    # ---- summary and config -----------------------------------------------------------
    @property
    def _output_shapes(self):
        """{id(layer): output shape (a list of them for several outputs)} for ``summary``,
        from the layer's latest call, as Keras shows it."""
        shapes = {}
        for layer in self._operations:
            nodes = inbound_nodes(layer)
            if nodes:
                outputs = nodes[-1].outputs
                shapes[id(layer)] = outputs[0].shape if len(outputs) == 1 else [t.shape for t in outputs]
        return shapes

    def summary(self, line_length=None, positions=None, print_fn=None, expand_nested=False,
                show_trainable=False, layer_range=None):
        """Print Keras 3's table of layers; a graph that is not a chain gets a 'Connected to' column."""
        connected_to = None if self._is_chain() else self._connections
        print_summary(self, line_length, positions, print_fn, expand_nested, show_trainable, layer_range,
                      connected_to=connected_to)

    # Keras defines summary on Model only: a wrong keyword is TF 2.21's "Model.summary() got an unexpected
    # keyword argument 'show_shapes'" (Python names the function's __qualname__)
    summary.__qualname__ = 'Model.summary'

    def _is_chain(self):
        """Keras's test for a sequence-like graph: one call per depth, each with one
        input tensor, and no layer called twice."""
        chain = []
        for nodes in self._graph.nodes_by_depth.values():
            if len(nodes) > 1 or len(nodes[0].input_tensors) > 1:
                return False
            chain.extend(nodes)
        return all(sum(node in chain for node in inbound_nodes(layer)) <= 1 for layer in self._operations)

    def _connections(self, layer):
        own = self._graph.nodes
        names = ['%s[%d][%d]' % (t._keras_history[0].name, t._keras_history[1], t._keras_history[2])
                 for node in inbound_nodes(layer) if node in own for t in node.input_tensors]
        return ', '.join(names) or '-'

    def get_build_config(self):
        """``{'input_shape': None}``, as Keras 3 writes for every functional model (it builds one
        with ``build(None)`` when it is made)."""
        return {'input_shape': None}

    def get_config(self):
        """The graph in Keras 3's layout (see ``config``). A subclass whose constructor takes no
        graph (``__init__(self, units=2, **kwargs)`` building its own) gets the base layer config
        only, {'name', 'trainable', 'dtype'}, as in Keras 3: its author writes get_config."""
        if not takes_a_graph(type(self)):
            return Layer.get_config(self)
        return functional_config(self)

    @classmethod
    def from_config(cls, config, custom_objects=None):
        # Keras 3's Model.from_config: a graph for a class that takes one, else the whole config
        # to the constructor (a subclass's own get_config)
        if all(key in config for key in GRAPH_KEYS) and (cls is Functional or takes_a_graph(cls, revive=True)):
            return rebuild(cls, config, custom_objects)
        return Model.from_config.__func__(cls, config, custom_objects)


GRAPH_KEYS = ('name', 'layers', 'input_layers', 'output_layers')     # a config holding a graph
_KERAS_FUNCTIONAL_ARGS = ['inputs', 'outputs', 'name']       # Keras 3's Functional.__init__


def takes_a_graph(cls, revive=False):
    """Whether ``cls``'s constructor takes inputs and outputs, by Keras 3's test (its
    functional_like_constructor; ``revive``: from_config's, which wants *args, **kwargs by name)."""
    if cls.__init__ in (Functional.__init__, Model.__init__):
        return True
    spec = inspect.getfullargspec(cls.__init__)
    if spec.args[1:] == _KERAS_FUNCTIONAL_ARGS:
        return True
    if revive:
        return spec.varargs == 'args' and spec.varkw == 'kwargs'
    return spec.varargs is not None and spec.varkw is not None


def _unpack_single(structure, value):
    """Keras gives a lone output (or shape) itself when the model's list of them has one."""
    return value[0] if isinstance(structure, (list, tuple)) and len(structure) == 1 else value


def _flat_shapes(input_shape):
    if isinstance(input_shape, dict):
        return [input_shape[key] for key in sorted(input_shape)]
    if isinstance(input_shape, (list, tuple)) and all(d is None or isinstance(d, (int, np.integer))
                                                      for d in input_shape):
        return [input_shape]
    return list(input_shape)


def _check_keras_tensors(inputs, outputs):
    """Keras 3's ValueError for an input or output that is not a KerasTensor (a shape, None, an array),
    after its warning for a dict of inputs whose keys are not the Inputs' names."""
    if isinstance(inputs, dict):
        for key, value in inputs.items():
            if isinstance(value, KerasTensor) and key != value.name:
                warnings.warn("When providing `inputs` as a dict, all keys in the dict must match the names of the "
                              "corresponding tensors. Received key '%s' mapping to value %s which has name '%s'. "
                              "Change the tensor name to '%s' (via `Input(..., name='%s')`)"
                              % (key, value, value.name, key, key))
    for what, structure in (('inputs', inputs), ('outputs', outputs)):
        for x in nest.flatten(structure):
            if not isinstance(x, KerasTensor):
                # Keras's f-string: format() prints an eager tensor as its numpy value ('[1. 1.]'), and the
                # type as TensorFlow's / Keras's class
                from framework.type_text import class_text
                from ..serialization import _keras_class_text
                kind = _keras_class_text(type(x)) if isinstance(x, Layer) else class_text(x)
                raise ValueError('All `{0}` values must be KerasTensors. Received: {0}={1} including invalid value '
                                 '{2} of type {3}'.format(what, structure, x, kind))
